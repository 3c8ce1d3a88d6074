import type { Sen } from '@kabuto/contract';
import type { EpochMs } from './records';
import type { HousePocket, Pocket, Transfer } from './events';
import type { Account, State } from './state';

function adjust(account: Account, pocket: Pocket, delta: Sen): void {
  switch (pocket) {
    case 'available':
      account.available += delta;
      if (account.available < 0n) throw new Error(`Account ${account.id}: available cash would go negative`);
      return;
    case 'held':
      account.held += delta;
      if (account.held < 0n) throw new Error(`Account ${account.id}: held cash would go negative`);
      return;
    case 'margin':
      account.margin += delta;
      if (account.margin < 0n) throw new Error(`Account ${account.id}: margin would go negative`);
      return;
    case 'debt':
      account.debt += delta;
      if (account.debt > 0n) throw new Error(`Account ${account.id}: debt repaid beyond what is owed`);
      return;
    default:
      // House pockets live in the ledger only.
      return;
  }
}

/**
 * Moves money between pockets and records the transfer. The only way a pocket changes after start (apart
 * from the ledger's own figure in updateCash), so every event's transfers account for every change, and a
 * user pocket that would go below zero is a bug that stops the step.
 */
export function move(account: Account, from: Pocket, to: Pocket, amount: Sen, transfers: Transfer[]): void {
  if (amount < 0n) throw new RangeError(`A transfer is never negative: ${amount}`);
  if (amount === 0n) return;
  adjust(account, from, -amount);
  adjust(account, to, amount);
  transfers.push({ from, to, amount });
}

/** Pays a charge from available cash; what cash cannot cover becomes debt. Returns that shortfall. */
export function charge(account: Account, to: HousePocket, amount: Sen, transfers: Transfer[]): Sen {
  const fromCash = amount < account.available ? amount : account.available;
  move(account, 'available', to, fromCash, transfers);
  const shortfall = amount - fromCash;
  move(account, 'debt', to, shortfall, transfers);
  return shortfall;
}

/** Cash that arrives while the account owes money pays the debt first. */
export function repayDebt(state: State, account: Account, at: EpochMs): void {
  if (account.debt === 0n || account.available === 0n) return;
  const owed = -account.debt;
  const amount = owed < account.available ? owed : account.available;
  const transfers: Transfer[] = [];
  move(account, 'available', 'debt', amount, transfers);
  state.out.push({ type: 'DebtRepaid', accountId: account.id, amount, transfers, at });
}
