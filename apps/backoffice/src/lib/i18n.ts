import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, FALLBACK_LANG, LANGUAGES, normalizeLang, resources, type Lang } from '@kabuto/i18n';

const LOCALE_STORAGE_KEY = 'boLocale';

function storedLocale(): Lang {
  return normalizeLang(localStorage.getItem(LOCALE_STORAGE_KEY), DEFAULT_LANG);
}

void i18next.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: FALLBACK_LANG,
  supportedLngs: [...LANGUAGES],
  ns: ['common', 'errors', 'backoffice'],
  defaultNS: 'backoffice',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18next.language;

/** The interface language; every request carries it as `?lang=`. */
export function currentLocale(): Lang {
  return normalizeLang(i18next.language, DEFAULT_LANG);
}

export function changeLocale(lang: Lang): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18next.changeLanguage(lang);
}

export { i18next };
