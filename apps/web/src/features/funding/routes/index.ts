import { AUTH, page, type AppRoute } from '../../../lib/routing';
import * as paths from '../../../lib/paths';

export const fundingRoutes: AppRoute[] = [
  page(paths.DEPOSIT_PATH, () => import('./DepositPage'), AUTH),
  page(paths.WITHDRAWAL_PATH, () => import('./WithdrawalPage'), AUTH),
  page(paths.BANK_ACCOUNT_PATH, () => import('./BankAccountPage'), AUTH),
  page(paths.ACCOUNT_LOG_PATH, () => import('./AccountLogPage'), AUTH),
  page(paths.TRANSACTION_LOG_PATH, () => import('./TransactionLogPage'), AUTH),
  page(paths.DETAILS_PATH, () => import('./DetailsPage'), AUTH),
];
