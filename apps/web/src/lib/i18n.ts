import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, FALLBACK_LANG, normalizeLang, resources, type Lang } from '@kabuto/i18n';
import { readString, writeString } from './storage';

const LOCALE_KEY = 'locale';

/** The stored locale; legacy values (jp, cn, sp) are mapped, a missing one means Japanese. */
export function storedLang(): Lang {
  return normalizeLang(readString(LOCALE_KEY), DEFAULT_LANG);
}

export function currentLang(): Lang {
  return normalizeLang(i18n.language, DEFAULT_LANG);
}

export async function switchLanguage(lang: Lang): Promise<void> {
  writeString(LOCALE_KEY, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export function initI18n(): void {
  const lang = storedLang();
  document.documentElement.lang = lang;
  void i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    ns: ['common', 'errors', 'web', 'legal'],
    defaultNS: 'web',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { i18n };
