import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@kabuto/i18n';

const stored = new Map<string, string>([['locale', 'jp']]);
vi.stubGlobal('document', { documentElement: { lang: '' } });
vi.stubGlobal('localStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});

const { currentLang, i18n, initI18n, loadErrorTexts, switchLanguage } = await import('./i18n');
const loadedLanguages = () => LANGUAGES.filter((lang) => i18n.hasResourceBundle(lang, 'web'));

describe('web i18n', () => {
  beforeAll(() => initI18n());

  it('has only the stored language (a legacy code) loaded once init resolves, with its texts', () => {
    expect(currentLang()).toBe('ja');
    expect(loadedLanguages()).toEqual(['ja']);
    expect(i18n.t('common:error')).toBe('エラー');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('loads the error texts after the first screen, not before it', async () => {
    expect(i18n.hasResourceBundle('ja', 'errors')).toBe(false);
    await loadErrorTexts();
    expect(i18n.t('errors:AMOUNT_REQUIRED')).toBe('金額を入力してください');
  });

  it('loads the legal texts only when a page asks for them', async () => {
    expect(i18n.hasResourceBundle('ja', 'legal')).toBe(false);
    await i18n.loadNamespaces('legal');
    expect(i18n.hasResourceBundle('ja', 'legal')).toBe(true);
  });

  it('loads the next language when switching to it, and stores it', async () => {
    await switchLanguage('fr');
    expect(currentLang()).toBe('fr');
    expect(loadedLanguages()).toEqual(['ja', 'fr']);
    expect(i18n.hasResourceBundle('fr', 'legal')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'errors')).toBe(true);
    expect(i18n.t('common:error')).toBe('Erreur');
    expect(stored.get('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
