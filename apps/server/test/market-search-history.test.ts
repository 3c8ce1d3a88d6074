import { SEARCH_HISTORY_MAX } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, get, post, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type History = { items: { code: string; searchedAt: string; instrument: { nameJa: string } }[] };

const URL = '/api/market/search-history';
const list = async (token: string) =>
  (await get<History>(t.app, URL, token)).data.items.map((item) => item.code);
const record = (code: string, token: string) => post<{ code: string }>(t.app, URL, { code }, token);
async function clear(token?: string) {
  const response = await t.app.inject({ method: 'DELETE', url: URL, headers: token ? { token } : {} });
  return { status: response.statusCode, ...body<{ removed: number }>(response) };
}

/** A few codes of the universe, in code order. */
const CODES = [
  '1605',
  '1801',
  '1812',
  '1925',
  '1928',
  '2269',
  '2413',
  '2502',
  '2503',
  '2801',
  '2802',
  '2914',
];

describe('the search history', () => {
  it('keeps the instruments opened from search, newest first, each once', async () => {
    const user = await registerUser(t);
    expect(await list(user.token)).toEqual([]);
    expect(await record('7203', user.token)).toMatchObject({ status: 200, data: { code: '7203' } });
    t.clock.advance(1);
    expect(await record('６７５８', user.token)).toMatchObject({ data: { code: '6758' } });
    t.clock.advance(1);
    await record('7203', user.token);
    const history = await get<History>(t.app, URL, user.token);
    expect(history.data.items.map((item) => item.code)).toEqual(['7203', '6758']);
    expect(history.data.items[0]!.instrument.nameJa).toBe('トヨタ自動車');
  });

  it(`keeps only the newest ${SEARCH_HISTORY_MAX}`, async () => {
    const user = await registerUser(t);
    for (const code of CODES) {
      t.clock.advance(1);
      expect((await record(code, user.token)).status).toBe(200);
    }
    expect(await list(user.token)).toEqual([...CODES].reverse().slice(0, SEARCH_HISTORY_MAX));
  });

  it('refuses an unknown or malformed code and records nothing', async () => {
    const user = await registerUser(t);
    expect(await record('0000', user.token)).toMatchObject({
      status: 404,
      errorCode: 'INSTRUMENT_NOT_FOUND',
    });
    expect(await record('toyota', user.token)).toMatchObject({
      status: 400,
      errorCode: 'INSTRUMENT_CODE_INVALID',
    });
    expect(await list(user.token)).toEqual([]);
  });

  it('clears only the caller’s history, and another user sees nothing of it', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    await record('9984', alice.token);
    await record('8306', alice.token);
    await record('6758', bob.token);
    expect(await list(bob.token)).toEqual(['6758']);
    expect(await clear(bob.token)).toMatchObject({ status: 200, data: { removed: 1 } });
    expect(await list(bob.token)).toEqual([]);
    expect((await list(alice.token)).sort()).toEqual(['8306', '9984']);
  });

  it('needs a session', async () => {
    expect((await get(t.app, URL)).status).toBe(401);
    expect((await post(t.app, URL, { code: '7203' })).status).toBe(401);
    expect((await clear()).status).toBe(401);
  });
});
