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
  it('never matches an empty name', () => {
    expect(sameKanaName('', '')).toBe(false);
    expect(sameKanaName(' ', '　')).toBe(false);
  });
});
