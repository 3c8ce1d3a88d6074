import { describe, expect, it } from 'vitest';
import { langFromAcceptLanguage, normalizeLang } from './languages';

describe('langFromAcceptLanguage', () => {
  it('takes the first supported language by q-value, then by order', () => {
    expect(langFromAcceptLanguage('ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ja');
    expect(langFromAcceptLanguage('de-DE,de;q=0.9,fr;q=0.8,en;q=0.7')).toBe('fr');
    expect(langFromAcceptLanguage('en;q=0.5, es;q=0.9')).toBe('es');
    expect(langFromAcceptLanguage('es, fr')).toBe('es');
  });

  it('reads a region it does not know as its language', () => {
    expect(langFromAcceptLanguage('fr-CA')).toBe('fr');
    expect(langFromAcceptLanguage('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(langFromAcceptLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(langFromAcceptLanguage('EN-au')).toBe('en');
  });

  it('is null for nothing supported, a refusal (q=0) or junk', () => {
    expect(langFromAcceptLanguage(undefined)).toBeNull();
    expect(langFromAcceptLanguage('')).toBeNull();
    expect(langFromAcceptLanguage('*')).toBeNull();
    expect(langFromAcceptLanguage('de, it;q=0.5')).toBeNull();
    expect(langFromAcceptLanguage('ja;q=0')).toBeNull();
    expect(langFromAcceptLanguage('ja;q=abc')).toBeNull();
    expect(langFromAcceptLanguage('constructor, __proto__, toString')).toBeNull();
    expect(langFromAcceptLanguage(`${'de,'.repeat(50)}ja`)).toBeNull();
  });
});

describe('normalizeLang', () => {
  it("takes the spec's codes and the standard ones, and nothing from the prototype", () => {
    expect(normalizeLang('jp')).toBe('ja');
    expect(normalizeLang(' ZH-cn ')).toBe('zh-CN');
    expect(normalizeLang('constructor')).toBe('en');
    expect(normalizeLang('xx', 'ja')).toBe('ja');
  });
});
