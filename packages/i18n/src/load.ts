import type { Lang } from './languages';

/** The namespaces the investor app uses (`backoffice` belongs to the back office alone). */
export const WEB_NAMESPACES = ['common', 'errors', 'web', 'legal', 'market', 'trade'] as const;
export type WebNamespace = (typeof WEB_NAMESPACES)[number];

type JsonModule = { default: object };

/**
 * One namespace of one language, loaded on demand: a bundler makes each file its own chunk, so an app that
 * loads through here downloads only the language it shows (the investor app). The server and the back office
 * keep `resources`, which holds every language. One import per namespace keeps `backoffice.json` out.
 */
const loaders: Record<WebNamespace, (lang: Lang) => Promise<JsonModule>> = {
  common: (lang) => import(`../locales/${lang}/common.json`) as Promise<JsonModule>,
  errors: (lang) => import(`../locales/${lang}/errors.json`) as Promise<JsonModule>,
  web: (lang) => import(`../locales/${lang}/web.json`) as Promise<JsonModule>,
  legal: (lang) => import(`../locales/${lang}/legal.json`) as Promise<JsonModule>,
  market: (lang) => import(`../locales/${lang}/market.json`) as Promise<JsonModule>,
  trade: (lang) => import(`../locales/${lang}/trade.json`) as Promise<JsonModule>,
};

export async function loadNamespace(lang: Lang, ns: WebNamespace): Promise<object> {
  return (await loaders[ns](lang)).default;
}
