// One import per language and namespace; packages/i18n/scripts/check.ts keeps them complete.
import ja_common from '../locales/ja/common.json';
import ja_errors from '../locales/ja/errors.json';
import ja_web from '../locales/ja/web.json';
import ja_legal from '../locales/ja/legal.json';
import ja_trade from '../locales/ja/trade.json';
import ja_market from '../locales/ja/market.json';
import ja_backoffice from '../locales/ja/backoffice.json';
import ja_messages from '../locales/ja/messages.json';
import zhCN_common from '../locales/zh-CN/common.json';
import zhCN_errors from '../locales/zh-CN/errors.json';
import zhCN_web from '../locales/zh-CN/web.json';
import zhCN_legal from '../locales/zh-CN/legal.json';
import zhCN_trade from '../locales/zh-CN/trade.json';
import zhCN_market from '../locales/zh-CN/market.json';
import zhCN_backoffice from '../locales/zh-CN/backoffice.json';
import zhCN_messages from '../locales/zh-CN/messages.json';
import en_common from '../locales/en/common.json';
import en_errors from '../locales/en/errors.json';
import en_web from '../locales/en/web.json';
import en_legal from '../locales/en/legal.json';
import en_trade from '../locales/en/trade.json';
import en_market from '../locales/en/market.json';
import en_backoffice from '../locales/en/backoffice.json';
import en_messages from '../locales/en/messages.json';
import es_common from '../locales/es/common.json';
import es_errors from '../locales/es/errors.json';
import es_web from '../locales/es/web.json';
import es_legal from '../locales/es/legal.json';
import es_trade from '../locales/es/trade.json';
import es_market from '../locales/es/market.json';
import es_backoffice from '../locales/es/backoffice.json';
import es_messages from '../locales/es/messages.json';
import fr_common from '../locales/fr/common.json';
import fr_errors from '../locales/fr/errors.json';
import fr_web from '../locales/fr/web.json';
import fr_legal from '../locales/fr/legal.json';
import fr_trade from '../locales/fr/trade.json';
import fr_market from '../locales/fr/market.json';
import fr_backoffice from '../locales/fr/backoffice.json';
import fr_messages from '../locales/fr/messages.json';
import type { Lang } from './languages';

/**
 * `market` and `trade` hold the market and trading screens' texts (loaded with them, not at start). `messages`
 * holds a title and body per message kind; the server renders messages with it.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'web',
  'legal',
  'market',
  'trade',
  'backoffice',
  'messages',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources: Record<Lang, Record<Namespace, object>> = {
  ja: {
    common: ja_common,
    errors: ja_errors,
    web: ja_web,
    legal: ja_legal,
    trade: ja_trade,
    market: ja_market,
    backoffice: ja_backoffice,
    messages: ja_messages,
  },
  'zh-CN': {
    common: zhCN_common,
    errors: zhCN_errors,
    web: zhCN_web,
    legal: zhCN_legal,
    trade: zhCN_trade,
    market: zhCN_market,
    backoffice: zhCN_backoffice,
    messages: zhCN_messages,
  },
  en: {
    common: en_common,
    errors: en_errors,
    web: en_web,
    legal: en_legal,
    trade: en_trade,
    market: en_market,
    backoffice: en_backoffice,
    messages: en_messages,
  },
  es: {
    common: es_common,
    errors: es_errors,
    web: es_web,
    legal: es_legal,
    trade: es_trade,
    market: es_market,
    backoffice: es_backoffice,
    messages: es_messages,
  },
  fr: {
    common: fr_common,
    errors: fr_errors,
    web: fr_web,
    legal: fr_legal,
    trade: fr_trade,
    market: fr_market,
    backoffice: fr_backoffice,
    messages: fr_messages,
  },
};
