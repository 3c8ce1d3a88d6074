import {
  formatPrice,
  PRICE_ALERT_DAILY_MAX,
  PRICE_ALERT_MAX,
  senToDecimal,
  type PriceAlert,
} from '@kabuto/contract';
import { tickSize, tickTableFor } from '@kabuto/market-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketOf } from '../src/modules/market';
import { body, createTestApp, get, post, registerUser, type Registered, type TestApp } from './harness';

// The harness clock starts at 2026-11-24 10:00 JST, a Tuesday: the morning session.
let t: TestApp;
beforeAll(async () => {
  // Sessions outlive the jump to the next day below.
  t = await createTestApp({ sessionIdleSeconds: 7 * 86400, sessionTtlSeconds: 7 * 86400 });
});
afterAll(() => t.close());

type AlertList = {
  items: PriceAlert[];
  total: number;
  page: number;
  pageSize: number;
  waiting: number;
  max: number;
};
type Message = { kind: string | null; title: string; body: string };

const list = async (user: Registered, query = '') =>
  (await get<AlertList>(t.app, `/api/alerts${query}`, user.token)).data;
const create = (user: Registered | undefined, payload: object) =>
  post<PriceAlert>(t.app, '/api/alerts', payload, user?.token);
const remove = async (id: string, token?: string) => {
  const response = await t.app.inject({
    method: 'DELETE',
    url: `/api/alerts/${id}`,
    headers: token ? { token } : {},
  });
  return { status: response.statusCode, ...body<{ removed: boolean }>(response) };
};
const lastOf = async (code: string) => (await marketOf(t.ctx).feed()).quote(code)!.last;
const messages = async (user: Registered, lang = 'ja') =>
  (await get<{ items: Message[] }>(t.app, `/api/messages?lang=${lang}`, user.token)).data.items.filter(
    (m) => m.kind === 'price_alert',
  );
/** One tick of the price grid around `price`. */
const tickAt = (price: bigint) => tickSize(price, tickTableFor(true));

describe('price alerts', () => {
  it('lists, creates and deletes an alert, each refused to other users', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    expect(await list(alice)).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      waiting: 0,
      max: PRICE_ALERT_MAX,
    });
    const last = await lastOf('7203');
    const created = await create(alice, {
      code: '７２０３',
      direction: 'above',
      price: senToDecimal(last * 2n),
    });
    expect(created).toMatchObject({
      status: 200,
      data: { code: '7203', direction: 'above', price: senToDecimal(last * 2n), triggeredAt: null },
    });
    expect(created.data.instrument.nameEn).toBe('Toyota Motor');
    expect((await list(alice)).items.map((a) => a.id)).toEqual([created.data.id]);
    // Bob sees nothing of Alice's and cannot delete it; the answer is the same as for an unknown id.
    expect((await list(bob)).items).toEqual([]);
    expect(await remove(created.data.id, bob.token)).toMatchObject({
      status: 404,
      errorCode: 'PRICE_ALERT_NOT_FOUND',
    });
    expect(await remove('999999999', bob.token)).toMatchObject({
      status: 404,
      errorCode: 'PRICE_ALERT_NOT_FOUND',
    });
    expect((await list(alice)).items).toHaveLength(1);
    expect(await remove(created.data.id, alice.token)).toMatchObject({
      status: 200,
      data: { removed: true },
    });
    expect((await list(alice)).items).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/alerts')).status).toBe(401);
    expect((await create(undefined, { code: '7203', direction: 'above', price: '1' })).status).toBe(401);
    expect((await remove('1')).status).toBe(401);
  });

  it('refuses bad input and changes nothing', async () => {
    const user = await registerUser(t);
    const cases: [object, string][] = [
      [{ code: '72x', direction: 'above', price: '100' }, 'INSTRUMENT_CODE_INVALID'],
      [{ code: '9999', direction: 'above', price: '100' }, 'INSTRUMENT_NOT_FOUND'],
      [{ code: '7203', direction: 'sideways', price: '100' }, 'VALIDATION_FAILED'],
      [{ code: '7203', direction: 'above', price: '0' }, 'PRICE_ALERT_PRICE_INVALID'],
      [{ code: '7203', direction: 'above', price: '-5' }, 'PRICE_ALERT_PRICE_INVALID'],
      [{ code: '7203', direction: 'above', price: 'abc' }, 'PRICE_ALERT_PRICE_INVALID'],
      [{ code: '7203', direction: 'above', price: '100000000' }, 'PRICE_ALERT_PRICE_INVALID'],
      [{ code: '7203', direction: 'above', price: '100', extra: 1 }, 'UNKNOWN_FIELD'],
      // Off the stock's tick grid: 0.5 yen between 1,000 and 3,000 yen for a TOPIX500 stock, 1 yen for another.
      [{ code: '7203', direction: 'above', price: '3000.3' }, 'PRICE_ALERT_PRICE_OFF_TICK'],
      [{ code: '5253', direction: 'above', price: '2000.5' }, 'PRICE_ALERT_PRICE_OFF_TICK'],
    ];
    for (const [payload, errorCode] of cases)
      expect(await create(user, payload), JSON.stringify(payload)).toMatchObject({ errorCode });
    expect(await remove('abc', user.token)).toMatchObject({ status: 400 });
    expect((await list(user)).items).toEqual([]);
    // The half yen refused for 5253 is on the TOPIX500 stock's grid (7203 is near 2,800 yen, so "below" waits).
    expect(await lastOf('7203')).toBeGreaterThan(200_050n);
    expect(await create(user, { code: '7203', direction: 'below', price: '2000.5' })).toMatchObject({
      code: 1,
    });
  });

  it('refuses a price the market is already at, saying where it is', async () => {
    const user = await registerUser(t);
    const last = await lastOf('6758');
    for (const direction of ['above', 'below'])
      expect(await create(user, { code: '6758', direction, price: senToDecimal(last) })).toMatchObject({
        status: 409,
        errorCode: 'PRICE_ALERT_ALREADY_REACHED',
        params: { last: senToDecimal(last) },
      });
    // The message quotes the price as the screens do (thousands separated, no trailing zeros).
    const inJapanese = await post(
      t.app,
      '/api/alerts?lang=ja',
      { code: '6758', direction: 'above', price: senToDecimal(last) },
      user.token,
    );
    expect(inJapanese.msg).toBe(
      `現在値がすでに指定の価格に達しています（現在値 ${formatPrice(senToDecimal(last))}円）`,
    );
    expect(inJapanese.msg).not.toMatch(/\.00円/);
    expect((await list(user)).items).toEqual([]);
  });

  it('refuses the same alert twice while it waits, and takes it again once the first is gone', async () => {
    const user = await registerUser(t);
    const price = senToDecimal((await lastOf('6758')) * 2n);
    const first = await create(user, { code: '6758', direction: 'above', price });
    expect(first.code).toBe(1);
    expect(await create(user, { code: '6758', direction: 'above', price })).toMatchObject({
      status: 409,
      errorCode: 'PRICE_ALERT_DUPLICATE',
    });
    // Another price, or the same price from another investor, is another alert.
    const other = await registerUser(t);
    expect((await create(other, { code: '6758', direction: 'above', price })).code).toBe(1);
    expect(
      (
        await create(user, {
          code: '6758',
          direction: 'above',
          price: senToDecimal((await lastOf('6758')) * 3n),
        })
      ).code,
    ).toBe(1);
    expect((await remove(first.data.id, user.token)).code).toBe(1);
    expect((await create(user, { code: '6758', direction: 'above', price })).code).toBe(1);
    expect((await list(user)).items).toHaveLength(2);
  });

  it(`keeps at most ${PRICE_ALERT_MAX} waiting alerts, even when created at once`, async () => {
    const user = await registerUser(t);
    const last = await lastOf('8306');
    const answers = await Promise.all(
      Array.from({ length: PRICE_ALERT_MAX + 5 }, (_, i) =>
        create(user, { code: '8306', direction: 'above', price: senToDecimal(last * 2n + BigInt(i) * 100n) }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PRICE_ALERT_MAX);
    expect(answers.filter((a) => a.errorCode === 'PRICE_ALERT_LIMIT')).toHaveLength(5);
    expect((await list(user)).items).toHaveLength(PRICE_ALERT_MAX);
  });

  it('pages the list like the other lists (page, pageSize, total), with the count waiting', async () => {
    const user = await registerUser(t);
    const last = await lastOf('8058');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push(
        (
          await create(user, {
            code: '8058',
            direction: 'above',
            price: senToDecimal(last * 2n + BigInt(i) * 100n),
          })
        ).data.id,
      );
    const first = await list(user, '?page=1&pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, waiting: 5, max: PRICE_ALERT_MAX });
    expect(first.items.map((a) => a.id)).toEqual([ids[4], ids[3]]);
    expect((await list(user, '?page=3&pageSize=2')).items.map((a) => a.id)).toEqual([ids[0]]);
    for (const bad of [
      '?page=0',
      '?pageSize=101',
      '?pageSize=abc',
      '?page=1e1',
      '?page=0x2',
      '?pageSize=',
      '?page=Infinity',
    ])
      expect((await get(t.app, `/api/alerts${bad}`, user.token)).status, bad).toBe(400);
  });

  it(`lets an investor create at most ${PRICE_ALERT_DAILY_MAX} alerts a day, deleted ones included`, async () => {
    const user = await registerUser(t);
    const last = await lastOf('4063');
    const alert = (i: number) => ({
      code: '4063',
      direction: 'above',
      price: senToDecimal(last * 2n + BigInt(i) * 100n),
    });
    for (let i = 0; i < PRICE_ALERT_DAILY_MAX; i += 1) {
      const created = await create(user, alert(i));
      expect(created.status).toBe(200);
      // Deleted at once: the waiting cap never binds, only the daily one.
      expect((await remove(created.data.id, user.token)).status).toBe(200);
    }
    expect(await create(user, alert(PRICE_ALERT_DAILY_MAX))).toMatchObject({
      status: 409,
      errorCode: 'PRICE_ALERT_DAILY_LIMIT',
      params: { max: PRICE_ALERT_DAILY_MAX },
    });
    // Another investor is not affected; the next Japan-time day starts again.
    expect((await create(await registerUser(t), alert(0))).status).toBe(200);
    const today = t.clock.now();
    t.clock.set(new Date(today.getTime() + 86_400_000));
    try {
      expect((await create(user, alert(1))).status).toBe(200);
    } finally {
      t.clock.set(today);
    }
  });

  it("triggers once when the market reaches the price, with a message in the reader's language", async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const market = marketOf(t.ctx);
    const last = await lastOf('9984');
    const step = tickAt(last);
    // One tick away each side: the feed's next moves reach one of them.
    const above = (await create(user, { code: '9984', direction: 'above', price: senToDecimal(last + step) }))
      .data;
    const below = (await create(user, { code: '9984', direction: 'below', price: senToDecimal(last - step) }))
      .data;
    const far = (await create(user, { code: '9984', direction: 'above', price: senToDecimal(last * 3n) }))
      .data;
    let triggered: PriceAlert[] = [];
    for (let i = 0; i < 600 && triggered.length === 0; i += 1) {
      t.clock.advance(1);
      await market.tick();
      triggered = (await list(user)).items.filter((a) => a.triggeredAt !== null);
    }
    expect(triggered.length).toBeGreaterThanOrEqual(1);
    const fired = triggered[0]!;
    expect([above.id, below.id]).toContain(fired.id);
    const reached = BigInt(fired.triggeredPrice!.replace('.', ''));
    if (fired.direction === 'above') expect(reached >= last + step).toBe(true);
    else expect(reached <= last - step).toBe(true);
    // The far alert waits, and is listed before the triggered ones.
    const listed = (await list(user)).items;
    expect(listed.find((a) => a.id === far.id)!.triggeredAt).toBeNull();
    expect(listed.at(-1)!.triggeredAt).not.toBeNull();

    const ja = await messages(user, 'ja');
    expect(ja).toHaveLength(triggered.length);
    expect(ja[0]!.title).toContain('ソフトバンクグループ');
    expect(ja[0]!.body).toContain(fired.direction === 'above' ? '以上' : '以下');
    const en = await messages(user, 'en');
    expect(en[0]!.title).toContain('(9984)');
    expect(en[0]!.body).toMatch(/at or (above|below)/);
    expect(await messages(other)).toEqual([]);

    // More ticks do not trigger it again.
    for (let i = 0; i < 30; i += 1) {
      t.clock.advance(1);
      await market.tick();
    }
    const again = (await list(user)).items.filter((a) => a.triggeredAt !== null);
    expect(again.filter((a) => a.id === fired.id)).toHaveLength(1);
    expect(again.find((a) => a.id === fired.id)!.triggeredAt).toBe(fired.triggeredAt);
    expect(await messages(user)).toHaveLength(again.length);
  });
});
