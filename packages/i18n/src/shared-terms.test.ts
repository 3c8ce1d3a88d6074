import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';

/** Texts of a namespace by dotted key. */
function text(lang: string, namespace: string, key: string): unknown {
  const tree: unknown = JSON.parse(
    readFileSync(new URL(`../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8'),
  );
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
}

/**
 * Figures the server computes once and several screens show: each carries one name in each language, or a
 * reader comparing マイページ with the Trade tab takes them for two figures.
 */
const SAME_FIGURE: [what: string, a: [string, string], b: [string, string]][] = [
  // users.service total (cash + held + margin − debt + unrealised P&L) is the engine's equity.
  ['equity', ['web', 'balances.total'], ['trade', 'account.equity']],
  ['margin in use', ['web', 'balances.usedAmount'], ['trade', 'account.margin']],
  ['unrealised P&L', ['web', 'balances.floatingPnl'], ['trade', 'account.unrealisedPnl']],
];

describe('one figure, one name', () => {
  for (const lang of LANGUAGES)
    for (const [what, [nsA, keyA], [nsB, keyB]] of SAME_FIGURE)
      it(`${lang}: ${what} is named the same on every screen`, () => {
        expect(text(lang, nsA, keyA)).toBeTypeOf('string');
        expect(text(lang, nsA, keyA)).toBe(text(lang, nsB, keyB));
      });

  for (const lang of LANGUAGES)
    it(`${lang}: cash held, which can differ from cash available, says what it includes`, () => {
      const custody = text(lang, 'web', 'balances.custody') as string;
      expect(custody).not.toBe(text(lang, 'web', 'balances.available'));
      expect(custody.toLowerCase()).toContain((text(lang, 'web', 'balances.frozen') as string).toLowerCase());
    });

  for (const lang of LANGUAGES)
    it(`${lang}: the loan application is not named as margin trading`, () => {
      const names = ['titles.financing', 'home.tiles.financing', 'menu.financing'].map((key) =>
        text(lang, 'web', key),
      );
      expect(new Set(names).size).toBe(1);
      const marginTrading = (text(lang, 'trade', 'marginTradingNote') as string).toLowerCase();
      expect(marginTrading).not.toContain((names[0] as string).toLowerCase());
    });

  for (const lang of LANGUAGES)
    it(`${lang}: the stock page's buy and sell buttons are named with the words they show`, () => {
      // A name that leaves out the visible text (in any case) fails WCAG 2.5.3, label in name: voice control says what it sees.
      for (const action of ['buy', 'sell', 'alert']) {
        const shown = (text(lang, 'market', `actions.${action}`) as string).toLowerCase();
        expect((text(lang, 'market', `actions.${action}Label`) as string).toLowerCase()).toContain(shown);
      }
    });
});
