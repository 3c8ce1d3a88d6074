export type { LedgerTables } from './ledger.table';
export {
  BALANCE_CHANGES,
  earliestCreditAdjustmentRequest,
  requestedCreditAdjustment,
} from './ledger.repository';
export {
  adjustAvailableCash,
  balancesCached,
  balancesOf,
  creditDeposit,
  freshKey,
  holdForWithdrawal,
  payOutWithdrawal,
  postTradingEntries,
  TRADING_SCOPE,
  priorEntry,
  releaseWithdrawalHold,
  staffScope,
  userScope,
  type Balances,
  type Idempotency,
  type LedgerActor,
  type Posted,
  type TradingEntry,
  type TradingPocket,
} from './ledger.service';
export { ledgerRoutes } from './ledger.routes';
export { balancesView, type TradesOfReferences } from './ledger.view';
export { ledgerStaffRoutes } from './ledger.staff-routes';
