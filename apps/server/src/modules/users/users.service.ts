import { senToDecimal, type UserInfo } from '@kabuto/contract';
import type { Executor } from '../../database';
import { iso } from '../../platform/db';
import type { UserRow } from './users.table';

/** The four balances of the side-menu panel plus the profile's used amount and custody funds, in sen. */
export interface AccountFigures {
  total: bigint;
  available: bigint;
  frozen: bigint;
  floatingPnl: bigint;
  usedMargin: bigint;
  custody: bigint;
}

/**
 * No operation moves money yet (deposits, trading and the ledger arrive with their own issues), so
 * every account's figures are zero. This is the single place that will read them from the ledger.
 */
export async function accountFigures(_db: Executor, _userId: bigint): Promise<AccountFigures> {
  return { total: 0n, available: 0n, frozen: 0n, floatingPnl: 0n, usedMargin: 0n, custody: 0n };
}

/** The legacy user info (docs/architecture.md, "The legacy client contract"). */
export async function userInfoOf(db: Executor, user: UserRow): Promise<UserInfo> {
  const figures = await accountFigures(db, user.id);
  return {
    user_id: user.id.toString(),
    mobile: user.mobile,
    total: senToDecimal(figures.total),
    money: senToDecimal(figures.available),
    shizhi: senToDecimal(figures.frozen),
    my_losses: { count_losses: senToDecimal(figures.floatingPnl) },
    used_amount: senToDecimal(figures.usedMargin),
    custody: senToDecimal(figures.custody),
    credit_score: user.credit_score,
    real_name_status: user.kyc_status,
    has_transaction_password: user.transaction_password_hash !== null,
    referral_code: user.referral_code,
    created_at: iso(user.created_at) ?? '',
  };
}
