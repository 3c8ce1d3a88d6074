import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import type { Lang } from '@kabuto/i18n';

/** antd's own texts (pagination, empty tables, modal buttons) in the interface language. */
export const ANTD_LOCALES: Record<Lang, Locale> = {
  ja: jaJP,
  'zh-CN': zhCN,
  en: enUS,
  es: esES,
  fr: frFR,
};
