export type { FundingTables } from './funding.table';
export { creditDepositIn, creditUserDeposit } from './deposits.service';
export {
  insertBankAccount,
  insertNotice as fileNoticeIn,
  listBankAccounts as bankAccountsOf,
} from './funding.repository';
export { fundingRoutes } from './funding.routes';
export { fundingStaffRoutes } from './funding.staff-routes';
