import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANG,
  LANGUAGES,
  loadNamespace,
  normalizeLang,
  type Lang,
  type WebNamespace,
} from '@kabuto/i18n';
import { readString, writeString } from './storage';

const LOCALE_KEY = 'locale';

/**
 * Loaded before the first render. `errors` is fetched while the first screen renders (`loadErrorTexts`), and every
 * form waits for it (`useForm`); `legal` loads with the pages that ask for it (useTranslation(['web', 'legal'])).
 */
const STARTUP_NAMESPACES: WebNamespace[] = ['common', 'web'];

/** The stored locale; legacy values (jp, cn, sp) are mapped, a missing one means Japanese. */
export function storedLang(): Lang {
  return normalizeLang(readString(LOCALE_KEY), DEFAULT_LANG);
}

export function currentLang(): Lang {
  return normalizeLang(i18n.language, DEFAULT_LANG);
}

/**
 * Loads the language's texts (its own chunks, fetched once), then switches to it. Rejects, leaving the
 * language as it was, when the texts cannot be loaded (offline before they were ever fetched).
 */
export async function switchLanguage(lang: Lang): Promise<void> {
  await i18n.loadLanguages(lang);
  if (!STARTUP_NAMESPACES.every((ns) => i18n.hasResourceBundle(lang, ns)))
    throw new Error(`the ${lang} texts could not be loaded`);
  await i18n.changeLanguage(lang);
  writeString(LOCALE_KEY, lang);
  document.documentElement.lang = lang;
}

/** Fetches one language's namespace on demand: only the language on screen is ever downloaded. */
const languageChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    loadNamespace(normalizeLang(language, DEFAULT_LANG), namespace as WebNamespace).then(
      (data) => callback(null, data as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Resolves once the stored language's startup texts are in, so the first screen renders text, not keys. */
export async function initI18n(): Promise<void> {
  const lang = storedLang();
  // index.html's first-screen script has set it already; setting it again would restyle the page.
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  await i18n
    .use(languageChunks)
    .use(initReactI18next)
    .init({
      lng: lang,
      // Every language has every key (npm run i18n:check), so no second language is downloaded as a fallback.
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: STARTUP_NAMESPACES,
      defaultNS: 'web',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/** The error texts, which the first screen does not wait for. */
export const loadErrorTexts = () => i18n.loadNamespaces('errors');

export { i18n };
