import type { Lang } from './languages';

/** The namespaces the investor app uses (`backoffice` belongs to the back office alone). */
export const WEB_NAMESPACES = ['common', 'errors', 'web', 'legal', 'market', 'trade'] as const;
export type WebNamespace = (typeof WEB_NAMESPACES)[number];

export type JsonModule = { default: object };

const FIRST_NAMESPACES = ['common', 'web', 'market'] as const;
type FirstNamespace = (typeof FIRST_NAMESPACES)[number];
export type LaterNamespace = Exclude<WebNamespace, FirstNamespace>;

/**
 * One namespace of one language, loaded on demand: a bundler makes each file its own chunk, so an app that
 * loads through here downloads only the language it shows (the investor app). The server and the back office
 * keep `resources`, which holds every language. One import per namespace keeps `backoffice.json` out.
 *
 * The namespaces of the first screens (the home page shows market figures) are named here, so their chunks'
 * names are in the app's first script. The others are named by load-later.ts, a chunk of its own fetched with
 * the first of them (the error texts, which the app asks for while its first screen renders): a chunk name's
 * hash does not compress, and the first script's budget has no room for fifteen more.
 */
const firstLoaders: Record<FirstNamespace, (lang: Lang) => Promise<JsonModule>> = {
  common: (lang) => import(`../locales/${lang}/common.json`) as Promise<JsonModule>,
  web: (lang) => import(`../locales/${lang}/web.json`) as Promise<JsonModule>,
  market: (lang) => import(`../locales/${lang}/market.json`) as Promise<JsonModule>,
};

const isFirst = (ns: WebNamespace): ns is FirstNamespace =>
  (FIRST_NAMESPACES as readonly string[]).includes(ns);

export async function loadNamespace(lang: Lang, ns: WebNamespace): Promise<object> {
  const file = isFirst(ns) ? firstLoaders[ns](lang) : (await import('./load-later')).laterLoaders[ns][lang]();
  return (await file).default;
}
