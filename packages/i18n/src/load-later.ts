import type { Lang } from './languages';
import type { JsonModule, LaterNamespace } from './load';

type Files = Record<Lang, () => Promise<JsonModule>>;

/**
 * The namespaces no first screen shows, each language's file its own chunk (see load.ts). Named one by one: a
 * template import would share the bundler's lookup helper with load.ts, in a chunk of its own on the first screen.
 */
export const laterLoaders: Record<LaterNamespace, Files> = {
  errors: {
    ja: () => import('../locales/ja/errors.json'),
    'zh-CN': () => import('../locales/zh-CN/errors.json'),
    en: () => import('../locales/en/errors.json'),
    es: () => import('../locales/es/errors.json'),
    fr: () => import('../locales/fr/errors.json'),
  },
  legal: {
    ja: () => import('../locales/ja/legal.json'),
    'zh-CN': () => import('../locales/zh-CN/legal.json'),
    en: () => import('../locales/en/legal.json'),
    es: () => import('../locales/es/legal.json'),
    fr: () => import('../locales/fr/legal.json'),
  },
  trade: {
    ja: () => import('../locales/ja/trade.json'),
    'zh-CN': () => import('../locales/zh-CN/trade.json'),
    en: () => import('../locales/en/trade.json'),
    es: () => import('../locales/es/trade.json'),
    fr: () => import('../locales/fr/trade.json'),
  },
};
