import { INVESTOR, endpoint } from '../endpoint';
import { balances, csvFile, ledgerPage, ledgerQuery } from '../funding';

export const ledgerEndpoints = {
  balances: endpoint({
    method: 'GET',
    path: '/api/account/balances',
    tag: 'ledger',
    summary: "The caller's balances, from the ledger",
    access: INVESTOR,
    response: balances,
  }),
  entries: endpoint({
    method: 'GET',
    path: '/api/account/ledger',
    tag: 'ledger',
    summary: 'Every journal entry that touched the caller, newest first',
    description:
      'month is YYYY-MM in Japan time; group=funding keeps deposits, withdrawals (their holds and releases) and adjustments (入出金明細); cursor is the nextCursor of the previous page. balanceAfter is 預り金残高 (available and held cash) after the entry, whatever the filter. The same rows as CSV: GET /api/account/ledger.csv.',
    access: INVESTOR,
    query: ledgerQuery,
    response: ledgerPage,
  }),
  entriesCsv: endpoint({
    method: 'GET',
    path: '/api/account/ledger.csv',
    tag: 'ledger',
    summary: 'The same entries as a CSV file (UTF-8 with BOM, so Excel in Japan opens it)',
    description:
      'Filters as GET /api/account/ledger, without paging. Times in Japan time. Limited per investor (EXPORT_RATE_LIMIT_MAX a window, 10 a minute by default): beyond it, HTTP 429 RATE_LIMITED.',
    access: INVESTOR,
    query: ledgerQuery.omit({ cursor: true, limit: true }),
    response: csvFile,
    file: true,
    exportRateLimited: true,
  }),
} as const;
