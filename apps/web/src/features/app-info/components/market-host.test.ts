import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { marketHostName } from './market-host';

const t = ((key: string) => `[${key}]`) as unknown as TFunction;

describe('marketHostName', () => {
  it('names the simulated feed in the reader’s language, not with the server’s English name', () => {
    expect(marketHostName({ name: 'Kabuto simulated TSE feed', simulated: true }, t)).toBe(
      '[startup.simulatedMarketHost]',
    );
  });
  it('keeps a real feed’s own name', () => {
    expect(marketHostName({ name: 'JPX FLEX', simulated: false }, t)).toBe('JPX FLEX');
  });
});
