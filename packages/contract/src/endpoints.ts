import { systemEndpoints } from './endpoints/system';
import { authEndpoints } from './endpoints/auth';
import { accountEndpoints } from './endpoints/account';
import { factorsEndpoints } from './endpoints/factors';
import { kycEndpoints } from './endpoints/kyc';
import { messagesEndpoints } from './endpoints/messages';
import { legacyEndpoints } from './endpoints/legacy';
import { staffAuthEndpoints } from './endpoints/staff-auth';
import { staffUsersEndpoints } from './endpoints/staff-users';
import { staffInvitationsEndpoints } from './endpoints/staff-invitations';
import { staffKycEndpoints } from './endpoints/staff-kyc';
import { staffAuditEndpoints } from './endpoints/staff-audit';
import { staffSmsEndpoints } from './endpoints/staff-sms';
import { staffTradingEndpoints } from './endpoints/staff-trading';
import { staffNoticesEndpoints } from './endpoints/staff-notices';
import { staffMembersEndpoints } from './endpoints/staff-members';
import { ledgerEndpoints } from './endpoints/ledger';
import { fundingEndpoints } from './endpoints/funding';
import { marketEndpoints } from './endpoints/market';
import { watchlistEndpoints } from './endpoints/watchlist';
import { searchHistoryEndpoints } from './endpoints/search-history';
import { alertsEndpoints } from './endpoints/alerts';
import { tradingEndpoints } from './endpoints/trading';
import { staffFundingEndpoints } from './endpoints/staff-funding';
import { staffLedgerEndpoints } from './endpoints/staff-ledger';

/** Every endpoint of the API, by domain. The server registers exactly these; the clients call only these. */
export const api = {
  system: systemEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  factors: factorsEndpoints,
  kyc: kycEndpoints,
  messages: messagesEndpoints,
  legacy: legacyEndpoints,
  staffAuth: staffAuthEndpoints,
  staffUsers: staffUsersEndpoints,
  staffInvitations: staffInvitationsEndpoints,
  staffKyc: staffKycEndpoints,
  staffAudit: staffAuditEndpoints,
  staffSms: staffSmsEndpoints,
  staffTrading: staffTradingEndpoints,
  staffNotices: staffNoticesEndpoints,
  staffMembers: staffMembersEndpoints,
  ledger: ledgerEndpoints,
  funding: fundingEndpoints,
  market: marketEndpoints,
  watchlist: watchlistEndpoints,
  searchHistory: searchHistoryEndpoints,
  alerts: alertsEndpoints,
  trading: tradingEndpoints,
  staffFunding: staffFundingEndpoints,
  staffLedger: staffLedgerEndpoints,
} as const;

/** Every endpoint as a flat list, for registration checks and the API reference. */
export const ALL_ENDPOINTS = Object.values(api).flatMap((group) => Object.values(group));
