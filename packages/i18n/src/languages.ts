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
  return aliased(value.trim().toLowerCase()) ?? fallback;
}

/** Entries of an Accept-Language header looked at: a longer list is someone else's problem, not ours. */
const MAX_ACCEPTED_LANGUAGES = 20;

/**
 * The first supported language of an Accept-Language header, by its q-values (`ja-JP,ja;q=0.9,en;q=0.8`); a
 * region we do not know falls back to its language (`fr-CA` is French, `zh-TW` the Chinese we have). Null when
 * none is supported or the header is absent.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang | null {
  if (!header) return null;
  const entries = header
    .split(',', MAX_ACCEPTED_LANGUAGES)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
      const q = params.find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of entries) {
    const lang = aliased(tag) ?? aliased(tag.split('-')[0]!);
    if (lang) return lang;
  }
  return null;
}

const aliased = (key: string): Lang | undefined =>
  Object.hasOwn(LANGUAGE_ALIASES, key) ? LANGUAGE_ALIASES[key] : undefined;

/** Each language's name in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  ja: '日本語',
  'zh-CN': '简体中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};
