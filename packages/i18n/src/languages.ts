/** Interface languages. `ja` is the default UI language; `en` is the fallback for anything unknown. */
export const LANGUAGES = ['ja', 'zh-CN', 'en', 'es', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ja';
export const FALLBACK_LANG: Lang = 'en';

/** The spec's own codes (jp, cn, sp) and the standard ones are both accepted. */
export const LANGUAGE_ALIASES: Record<string, Lang> = {
  ja: 'ja',
  jp: 'ja',
  'ja-jp': 'ja',
  cn: 'zh-CN',
  zh: 'zh-CN',
  'zh-cn': 'zh-CN',
  zh_cn: 'zh-CN',
  'zh-hans': 'zh-CN',
  en: 'en',
  'en-us': 'en',
  'en-gb': 'en',
  sp: 'es',
  es: 'es',
  'es-es': 'es',
  fr: 'fr',
  'fr-fr': 'fr',
};

export function normalizeLang(value: string | null | undefined, fallback: Lang = FALLBACK_LANG): Lang {
  if (!value) return fallback;
  const key = value.trim().toLowerCase();
  return Object.hasOwn(LANGUAGE_ALIASES, key) ? (LANGUAGE_ALIASES[key] ?? fallback) : fallback;
}

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  ja: '日本語',
  'zh-CN': '简体中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};
