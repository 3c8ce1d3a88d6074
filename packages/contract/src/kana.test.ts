import { describe, expect, it } from 'vitest';
import { isKanaName, kanaNameKey, normalizeKanaName, sameKanaName } from './kana';

describe('normalizeKanaName', () => {
  it('keeps full-width katakana with one space', () => {
    expect(normalizeKanaName('ヤマダ タロウ')).toBe('ヤマダ タロウ');
  });
  it('turns half-width katakana, with voiced marks, into full-width', () => {
    expect(normalizeKanaName('ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダ タロウ');
    expect(normalizeKanaName('ｶﾞｯﾁｬﾝ')).toBe('ガッチャン');
  });
  it('turns hiragana into katakana', () => {
    expect(normalizeKanaName('やまだ たろう')).toBe('ヤマダ タロウ');
    expect(normalizeKanaName('ゔぁいおりん')).toBe('ヴァイオリン');
  });
  it('collapses full-width and repeated spaces and trims', () => {
    expect(normalizeKanaName('　ヤマダ　　タロウ ')).toBe('ヤマダ タロウ');
    expect(normalizeKanaName('ヤマダ\u3000 \tタロウ')).toBe('ヤマダ タロウ');
  });
});

describe('isKanaName', () => {
  it('accepts katakana names in any of the accepted spellings', () => {
    for (const name of ['ヤマダ タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ', 'やまだ　たろう', 'スミス ジョーン', 'ヤマダタロウ'])
      expect(isKanaName(name), name).toBe(true);
  });
  it('refuses kanji, latin letters, digits, signs and blanks', () => {
    for (const name of ['山田 太郎', 'YAMADA TARO', 'ヤマダ1', 'ヤマダ・タロウ', 'ヤマダ-タロウ', '', '　'])
      expect(isKanaName(name), name).toBe(false);
  });
});

describe('sameKanaName', () => {
  it('ignores spaces, width and hiragana', () => {
    expect(sameKanaName('ヤマダ タロウ', 'ヤマダタロウ')).toBe(true);
    expect(sameKanaName('ﾔﾏﾀﾞ ﾀﾛｳ', 'やまだ　たろう')).toBe(true);
  });
  it('reads small kana as the large ones banks record', () => {
    expect(kanaNameKey('キャノン ジョウ')).toBe('キヤノンジヨウ');
    expect(sameKanaName('ハットリ ショウ', 'ハツトリ シヨウ')).toBe(true);
  });
  it('tells different names apart, including voiced and unvoiced', () => {
    expect(sameKanaName('ヤマダ タロウ', 'スズキ ハナコ')).toBe(false);
    expect(sameKanaName('ヤマダ タロウ', 'ヤマタ タロウ')).toBe(false);
    expect(sameKanaName('ヤマダ タロウ', 'ヤマダ タロウ ジュニア')).toBe(false);
  });
  it('reads the hyphen banks record for the long-vowel mark (ｼﾞﾖ-) as ー', () => {
    expect(sameKanaName('サトウ ジョー', 'ｻﾄｳ ｼﾞﾖ-')).toBe(true);
    expect(sameKanaName('サトウ ジョー', 'サトウ ジョ-')).toBe(true);
    expect(sameKanaName('サトウ ジョー', 'サトウ ジョ')).toBe(false);
    expect(sameKanaName('サトウ ジョウ', 'サトウ ジョ-')).toBe(false);
  });
  it('reads ヰ and ヱ as the イ and エ banks record for them', () => {
    expect(sameKanaName('ヱビス タロウ', 'ｴﾋﾞｽ ﾀﾛｳ')).toBe(true);
    expect(sameKanaName('ヰノウエ ハナコ', 'イノウエ ハナコ')).toBe(true);
    expect(sameKanaName('ヱビス タロウ', 'イビス タロウ')).toBe(false);
  });
  it('lets no invisible or combining character make another name match', () => {
    for (const other of [
      'ヤマダ タロウ\u200b',
      'ヤマダ タロ\u200bウ',
      'ヤマタ\u3099 タロウ',
      'ヤマダ タロウ\ufe0f',
      'ヤマダ タロ',
    ])
      expect(sameKanaName('ヤマダ タロウ', other), JSON.stringify(other)).toBe(
        other === 'ヤマタ\u3099 タロウ',
      );
  });
  it('never matches an empty name', () => {
    expect(sameKanaName('', '')).toBe(false);
    expect(sameKanaName(' ', '　')).toBe(false);
  });
});
