import type { api } from '@kabuto/contract/endpoints';

type Api = typeof api;
/** The domains the investor app calls: every one but the back office's. */
export type InvestorDomain = Exclude<keyof Api, `staff${string}`>;

/**
 * Each domain's entries, and with them its response schemas (zod), load with the first call into that domain,
 * so a page builds only the schemas of what it reads: building every schema of the API took 100 to 350 ms of
 * main thread at a phone's speed.
 */
const loaders: { readonly [D in InvestorDomain]: () => Promise<Api[D]> } = {
  system: () => import('@kabuto/contract/endpoints/system').then((m) => m.systemEndpoints),
  auth: () => import('@kabuto/contract/endpoints/auth').then((m) => m.authEndpoints),
  account: () => import('@kabuto/contract/endpoints/account').then((m) => m.accountEndpoints),
  factors: () => import('@kabuto/contract/endpoints/factors').then((m) => m.factorsEndpoints),
  kyc: () => import('@kabuto/contract/endpoints/kyc').then((m) => m.kycEndpoints),
  messages: () => import('@kabuto/contract/endpoints/messages').then((m) => m.messagesEndpoints),
  legacy: () => import('@kabuto/contract/endpoints/legacy').then((m) => m.legacyEndpoints),
  ledger: () => import('@kabuto/contract/endpoints/ledger').then((m) => m.ledgerEndpoints),
  funding: () => import('@kabuto/contract/endpoints/funding').then((m) => m.fundingEndpoints),
  market: () => import('@kabuto/contract/endpoints/market').then((m) => m.marketEndpoints),
  watchlist: () => import('@kabuto/contract/endpoints/watchlist').then((m) => m.watchlistEndpoints),
  searchHistory: () =>
    import('@kabuto/contract/endpoints/search-history').then((m) => m.searchHistoryEndpoints),
  alerts: () => import('@kabuto/contract/endpoints/alerts').then((m) => m.alertsEndpoints),
  trading: () => import('@kabuto/contract/endpoints/trading').then((m) => m.tradingEndpoints),
};

type Group = Api[InvestorDomain];
const loaded = new Map<string, Promise<Group>>();

const isInvestorDomain = (domain: string): domain is InvestorDomain => Object.hasOwn(loaders, domain);

/** The entries of `domain`, loaded once; undefined for a domain the investor app never calls. */
export function loadEndpointGroup(domain: string): Promise<Group | undefined> {
  if (!isInvestorDomain(domain)) return Promise.resolve(undefined);
  let group = loaded.get(domain);
  if (!group) {
    // zod and the shared fields first, in a task of their own, so no one task builds them and a domain.
    const load: () => Promise<Group> = loaders[domain];
    group = import('@kabuto/contract/schemas/fields').then(load);
    group.catch(() => loaded.delete(domain)); // offline before the chunk was ever fetched: try again next call
    loaded.set(domain, group);
  }
  return group;
}
