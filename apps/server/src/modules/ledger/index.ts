export type { LedgerTables } from './ledger.table';
export { BALANCE_CHANGES } from './ledger.repository';
export {
  adjustAvailableCash,
  balancesCached,
  balancesOf,
  creditDeposit,
  freshKey,
  holdForWithdrawal,
  payOutWithdrawal,
  priorEntry,
  releaseWithdrawalHold,
  staffScope,
  userScope,
  type Balances,
  type Idempotency,
  type LedgerActor,
  type Posted,
} from './ledger.service';
export { ledgerRoutes } from './ledger.routes';
export { balancesView } from './ledger.view';
export { ledgerStaffRoutes } from './ledger.staff-routes';
