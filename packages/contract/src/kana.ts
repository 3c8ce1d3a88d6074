/**
 * Katakana names (フリガナ): the name on an identity verification and the holder of a bank account (口座名義)
 * are compared in this form, so a withdrawal goes only to an account in the customer's own name.
 */

/** Hiragana to katakana: 「やまだ」 typed on a phone is ヤマダ. */
export const toKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/g, (kana) => String.fromCharCode(kana.charCodeAt(0) + 0x60));

/**
 * Half-width katakana (ｶﾞ), full-width letters and ideographic spaces become their ordinary forms (NFKC),
 * hiragana becomes katakana, and any run of spaces becomes one half-width space; leading and trailing spaces go.
 */
export const normalizeKanaName = (text: string) =>
  toKatakana(text.normalize('NFKC')).replace(/\s+/g, ' ').trim();

/** A normalised katakana name: katakana and the long-vowel mark, words separated by single spaces. */
export const KANA_NAME = /^[\u30A1-\u30FA\u30FC]+(?: [\u30A1-\u30FA\u30FC]+)*$/;

export const isKanaName = (text: string) => KANA_NAME.test(normalizeKanaName(text));

/**
 * Banks record small kana as large ones (キャノン as キヤノン), and ヰ and ヱ, which bank transfers do not carry,
 * as イ and エ (ヱビス as ｴﾋﾞｽ), so the comparison does too.
 */
const SMALL_TO_LARGE: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ヰ: 'イ',
  ヱ: 'エ',
};

/**
 * The form two names are compared in: normalised, without spaces, small kana (and ヰ ヱ) as large ones, and
 * the hyphen banks record for the long-vowel mark (ｼﾞﾖ- for ジョー, 全銀協 characters) as ー.
 */
export const kanaNameKey = (text: string) =>
  normalizeKanaName(text)
    .replace(/ /g, '')
    .replace(/-/g, 'ー')
    .replace(/[ァィゥェォッャュョヮヵヶヰヱ]/g, (small) => SMALL_TO_LARGE[small]!);

/** Whether a bank account's holder is the person of a verified katakana name; an empty name matches nothing. */
export const sameKanaName = (a: string, b: string) => {
  const key = kanaNameKey(a);
  return key.length > 0 && key === kanaNameKey(b);
};
