import { WATCHLIST_MAX } from '@kabuto/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, get, registerUser, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Watchlist = { items: { code: string; instrument: { nameEn: string } }[]; max: number };

async function send(method: 'PUT' | 'DELETE', url: string, token?: string) {
  const response = await t.app.inject({ method, url, headers: token ? { token } : {} });
  return { status: response.statusCode, ...body<{ removed?: boolean; code?: string }>(response) };
}
const list = async (token: string) => (await get<Watchlist>(t.app, '/api/watchlist', token)).data;

describe('the watchlist', () => {
  it('adds (once), lists in order and removes instruments', async () => {
    const user = await registerUser(t);
    expect((await list(user.token)).items).toEqual([]);
    expect(await send('PUT', '/api/watchlist/7203', user.token)).toMatchObject({
      status: 200,
      data: { code: '7203' },
    });
    t.clock.advance(1);
    expect(await send('PUT', '/api/watchlist/６７５８', user.token)).toMatchObject({
      data: { code: '6758' },
    });
    expect((await send('PUT', '/api/watchlist/7203', user.token)).status).toBe(200);
    const listed = await list(user.token);
    expect(listed.items.map((item) => item.code)).toEqual(['7203', '6758']);
    expect(listed.items[0]!.instrument.nameEn).toBe('Toyota Motor');
    expect(listed.max).toBe(WATCHLIST_MAX);
    expect(await send('DELETE', '/api/watchlist/7203', user.token)).toMatchObject({
      data: { removed: true },
    });
    expect(await send('DELETE', '/api/watchlist/7203', user.token)).toMatchObject({
      data: { removed: false },
    });
    expect((await list(user.token)).items.map((item) => item.code)).toEqual(['6758']);
  });

  it("never shows or changes another user's list", async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    await send('PUT', '/api/watchlist/9984', alice.token);
    await send('PUT', '/api/watchlist/8306', bob.token);
    expect((await list(bob.token)).items.map((item) => item.code)).toEqual(['8306']);
    // Bob removing Alice's code removes nothing of hers.
    expect(await send('DELETE', '/api/watchlist/9984', bob.token)).toMatchObject({
      data: { removed: false },
    });
    expect((await list(alice.token)).items.map((item) => item.code)).toEqual(['9984']);
    expect((await list(bob.token)).items.map((item) => item.code)).toEqual(['8306']);
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/watchlist')).status).toBe(401);
    expect((await send('PUT', '/api/watchlist/7203')).status).toBe(401);
    expect((await send('DELETE', '/api/watchlist/7203')).status).toBe(401);
  });

  it('refuses malformed and unknown codes', async () => {
    const user = await registerUser(t);
    expect(await send('PUT', '/api/watchlist/72x', user.token)).toMatchObject({
      status: 400,
      errorCode: 'INSTRUMENT_CODE_INVALID',
    });
    expect(await send('PUT', '/api/watchlist/9999', user.token)).toMatchObject({
      status: 404,
      errorCode: 'INSTRUMENT_NOT_FOUND',
    });
  });

  it(`holds at most ${WATCHLIST_MAX} instruments`, async () => {
    const user = await registerUser(t);
    const codes = (
      await get<{ items: { code: string }[] }>(t.app, '/api/market/instruments?pageSize=100')
    ).data.items.map((item) => item.code);
    expect(codes).toHaveLength(WATCHLIST_MAX);
    for (const code of codes)
      expect((await send('PUT', `/api/watchlist/${code}`, user.token)).status).toBe(200);
    const extra = await get<{ items: { code: string }[] }>(
      t.app,
      '/api/market/instruments?pageSize=1&page=101',
    );
    const full = await send('PUT', `/api/watchlist/${extra.data.items[0]!.code}?lang=en`, user.token);
    expect(full).toMatchObject({ status: 409, errorCode: 'WATCHLIST_FULL', params: { max: WATCHLIST_MAX } });
    expect(full.msg).toContain(String(WATCHLIST_MAX));
    // Re-adding one already there is still fine.
    expect((await send('PUT', `/api/watchlist/${codes[0]}`, user.token)).status).toBe(200);
  });
});
