import type { api, CallInput, EndpointDef, QueryOf } from '@kabuto/contract';

export type LedgerFilters = Pick<QueryOf<typeof api.ledger.entries>, 'month' | 'kind' | 'group'>;

export const fundingKeys = {
  all: ['funding'] as const,
  depositAccount: () => [...fundingKeys.all, 'deposit-account'] as const,
  deposits: () => [...fundingKeys.all, 'deposits'] as const,
  bankAccounts: () => [...fundingKeys.all, 'bank-accounts'] as const,
  withdrawals: () => [...fundingKeys.all, 'withdrawals'] as const,
  balances: () => [...fundingKeys.all, 'balances'] as const,
  withdrawable: () => [...fundingKeys.all, 'withdrawable'] as const,
  ledger: (filters: LedgerFilters) => [...fundingKeys.all, 'ledger', filters] as const,
};

/** A request body as the form sends it (before the server's transforms: amounts stay decimal text). */
export type RequestBody<E extends EndpointDef> = NonNullable<CallInput<E>['body']>;
