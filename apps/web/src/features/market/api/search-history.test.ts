import { SEARCH_HISTORY_MAX } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { withEntry } from './search-history';

const entry = (code: string) => ({ code, nameJa: `銘柄${code}`, nameEn: `Stock ${code}` });

describe('a visitor’s search history', () => {
  it('puts the newest first, keeps each stock once and only the newest ones', () => {
    let entries = [entry('7203'), entry('6758')];
    entries = withEntry(entries, entry('6758'));
    expect(entries.map((item) => item.code)).toEqual(['6758', '7203']);
    for (let n = 0; n < SEARCH_HISTORY_MAX + 3; n += 1) entries = withEntry(entries, entry(String(1000 + n)));
    expect(entries).toHaveLength(SEARCH_HISTORY_MAX);
    expect(entries[0]!.code).toBe(String(1000 + SEARCH_HISTORY_MAX + 2));
  });
});
