import { useEffect, useState } from 'react';
import { setDefaultConfig, type ConfigProviderProps } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { Lang } from '@kabuto/i18n';
import { currentLang, i18n } from './i18n';

type UiLocale = NonNullable<ConfigProviderProps['locale']>;

/**
 * antd-mobile's own texts and aria labels (close, loading, pull to refresh...) in the app's language. Chinese
 * is antd-mobile's default (in the bundle anyway); every other one is a small chunk of its own, fetched with
 * the language's texts before the first render (main.tsx), so none weighs on the first screen's JavaScript.
 */
const LOCALES: Record<Lang, () => Promise<UiLocale>> = {
  ja: () => import('antd-mobile/es/locales/ja-JP').then((module) => module.default),
  'zh-CN': () => Promise.resolve(zhCN),
  en: () => import('antd-mobile/es/locales/en-US').then((module) => module.default),
  es: () => import('antd-mobile/es/locales/es-ES').then((module) => module.default),
  fr: () => import('antd-mobile/es/locales/fr-FR').then((module) => module.default),
};

let loaded: UiLocale = zhCN;

/**
 * Loads the language's antd-mobile locale and makes it the default (Toast and Dialog render outside the app's
 * tree, so the ConfigProvider alone would not reach them). Keeps the previous one when it cannot be fetched.
 */
export async function loadUiLocale(lang: Lang = currentLang()): Promise<UiLocale> {
  try {
    loaded = await LOCALES[lang]();
    setDefaultConfig({ locale: loaded });
  } catch {
    // Offline before the chunk was ever fetched: antd-mobile's texts stay in the previous language.
  }
  return loaded;
}

/** The antd-mobile locale of the current language, for the app's ConfigProvider; follows language changes. */
export function useUiLocale(): UiLocale {
  const [locale, setLocale] = useState<UiLocale>(loaded);
  useEffect(() => {
    let mounted = true;
    const follow = () => {
      const lang = currentLang();
      void loadUiLocale(lang).then((next) => {
        if (mounted && lang === currentLang()) setLocale(next);
      });
    };
    i18n.on('languageChanged', follow);
    return () => {
      mounted = false;
      i18n.off('languageChanged', follow);
    };
  }, []);
  return locale;
}
