import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { InvestorActor } from '../../platform/routes';
import { requireStepUp } from '../factors';
import { isVerifiedHolder } from '../kyc';
import { notify } from '../messaging';
import { lockSignedInUser } from '../users';
import {
  findBankAccount,
  insertBankAccount,
  listBankAccounts,
  removeBankAccount,
} from './funding.repository';

/** How many withdrawal accounts one customer may keep. */
export const MAX_BANK_ACCOUNTS = 5;

export interface BankAccountInput {
  holderName: string;
  bankName: string;
  branchName: string;
  branchCode: string;
  accountNumber: string;
}

/**
 * Withdrawals go only to these accounts, so adding one needs a recent step-up, and once identity is verified
 * the holder must be the verified katakana name (本人名義). An account added before verification passed is
 * stored, and a withdrawal to it is refused unless its holder matches then.
 */
export async function addBankAccount(ctx: AppContext, actor: InvestorActor, input: BankAccountInput) {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    const user = await lockSignedInUser(tx.db, actor);
    await requireStepUp(ctx, tx, actor);
    // After the step-up, so a stolen session cannot probe the verified name.
    if (user.kyc_status === 'passed' && !(await isVerifiedHolder(tx.db, actor.userId, input.holderName)))
      throw fail('BANK_HOLDER_MISMATCH');
    const existing = await listBankAccounts(tx.db, actor.userId);
    if (
      existing.some(
        (account) =>
          account.bank_name === input.bankName &&
          account.branch_code === input.branchCode &&
          account.account_number === input.accountNumber,
      )
    )
      throw fail('BANK_ACCOUNT_DUPLICATE');
    if (existing.length >= MAX_BANK_ACCOUNTS) throw fail('BANK_ACCOUNT_LIMIT');
    await notify(
      tx.db,
      actor.userId,
      'bank_account_added',
      { bankName: input.bankName, accountNumber: input.accountNumber },
      now,
    );
    return insertBankAccount(tx.db, {
      user_id: actor.userId,
      holder_name: input.holderName,
      bank_name: input.bankName,
      branch_name: input.branchName,
      branch_code: input.branchCode,
      account_number: input.accountNumber,
      created_at: now,
    });
  });
}

/** Removed accounts stay in the table for the withdrawals that name them, and are no longer offered. */
export async function removeUserBankAccount(ctx: AppContext, actor: InvestorActor, id: bigint) {
  const now = ctx.clock.now();
  return ctx.transact(async (tx) => {
    await lockSignedInUser(tx.db, actor);
    const account = await findBankAccount(tx.db, actor.userId, id);
    if (!account) throw fail('BANK_ACCOUNT_NOT_FOUND');
    await requireStepUp(ctx, tx, actor);
    await removeBankAccount(tx.db, id, now);
    await notify(
      tx.db,
      actor.userId,
      'bank_account_removed',
      { bankName: account.bank_name, accountNumber: account.account_number },
      now,
    );
    return account;
  });
}
