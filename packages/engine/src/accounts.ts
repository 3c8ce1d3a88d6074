import type { UpdateCash, UpsertAccount } from './commands';
import { repayDebt } from './pockets';
import { reject } from './rejections';
import { createAccount, type State } from './state';

export function upsertAccount(state: State, cmd: UpsertAccount): void {
  if (!Number.isSafeInteger(cmd.creditScore)) throw new RangeError(`Not a credit score: ${cmd.creditScore}`);
  let account = state.accounts.get(cmd.accountId);
  const created = account === undefined;
  if (!account) {
    account = createAccount(cmd.accountId, cmd.kycPassed, cmd.creditScore);
    state.accounts.set(account.id, account);
  }
  account.kycPassed = cmd.kycPassed;
  account.creditScore = cmd.creditScore;
  state.out.push({
    type: 'AccountUpdated',
    accountId: account.id,
    created,
    kycPassed: account.kycPassed,
    creditScore: account.creditScore,
    at: cmd.at,
  });
}

/**
 * The ledger's cash available replaces the engine's. The difference came from outside the engine (a
 * deposit, a withdrawal, an adjustment); cash that arrives pays any debt first.
 */
export function updateCash(state: State, cmd: UpdateCash): void {
  const account = state.accounts.get(cmd.accountId);
  if (!account) return reject(state, 'updateCash', 'ACCOUNT_NOT_FOUND', { accountId: cmd.accountId }, cmd.at);
  if (cmd.available < 0n) throw new RangeError(`Cash available is never negative: ${cmd.available}`);
  const previous = account.available;
  account.available = cmd.available;
  state.out.push({
    type: 'CashUpdated',
    accountId: account.id,
    previous,
    available: cmd.available,
    at: cmd.at,
  });
  repayDebt(state, account, cmd.at);
  state.dirty.add(account);
}
