// 返済指値の期間: a limit close is for the day (当日中) or the week (今週中), and the daily run withdraws it after.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tradingOf } from '../src/modules/trading';
import { get, type TestApp } from './harness';
import {
  heldPosition,
  investor,
  ledgerBalanced,
  ledgerBalances,
  morningQuote,
  freshRequestKey,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  type PositionView,
} from './trading-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

const close = (token: string, id: string, body: object, key = freshRequestKey(), lang = 'ja') =>
  send<PositionView>(t, 'POST', `/api/positions/${id}/close?lang=${lang}`, token, body, key);
const position = async (token: string, id: string) =>
  (await send<PositionView>(t, 'GET', `/api/positions/${id}`, token)).data;
const messages = async (token: string) =>
  (
    await get<{ items: { kind: string; title: string; body: string }[] }>(
      t.app,
      '/api/messages?lang=ja',
      token,
    )
  ).data.items;
const balanced = () => ledgerBalanced(t, admin);

describe('a limit close with a validity', () => {
  it('is a day close by default, for today; a week close lasts to the last business day of the week', async () => {
    const { user, id } = await heldPosition(t);
    // Tuesday 2026-11-24 10:00 JST.
    const day = await close(user.token, id, { type: 'limit', price: '2900' });
    expect(day.data).toMatchObject({
      status: 'limit-closing',
      closeLimit: '2900.00',
      closeValidity: 'day',
      closeValidUntil: '2026-11-24',
      closeRequestedAt: '2026-11-24T01:00:00.000Z',
    });
    // A new close replaces the resting one, with its own validity and the time it was placed.
    t.clock.set(new Date('2026-11-24T01:05:00Z'));
    const week = await close(user.token, id, { type: 'limit', price: '2950', validity: 'week' });
    expect(week.data).toMatchObject({
      closeLimit: '2950.00',
      closeValidity: 'week',
      closeValidUntil: '2026-11-27',
      closeRequestedAt: '2026-11-24T01:05:00.000Z',
    });
    const listed = await send<{ items: PositionView[] }>(t, 'GET', '/api/positions', user.token);
    expect(listed.data.items).toMatchObject([{ id, closeValidity: 'week', closeValidUntil: '2026-11-27' }]);
    // Withdrawn, it has none.
    const withdrawn = await send<PositionView>(t, 'DELETE', `/api/positions/${id}/close`, user.token);
    expect(withdrawn.data).toMatchObject({ status: 'holding', closeValidity: null, closeValidUntil: null });
  });

  it('shows the validity and its last date in the confirmation, after the close for the next business day', async () => {
    const { user, id } = await heldPosition(t);
    const preview = (body: object) => send(t, 'POST', `/api/positions/${id}/close/preview`, user.token, body);
    expect((await preview({ type: 'limit', price: '2900', validity: 'week' })).data).toMatchObject({
      fillsNow: false,
      validity: 'week',
      validUntil: '2026-11-27',
    });
    t.clock.set(new Date('2026-11-24T07:00:00Z')); // Tuesday 16:00 JST, after the close
    expect((await preview({ type: 'limit', price: '2900' })).data).toMatchObject({
      validity: 'day',
      validUntil: '2026-11-25',
    });
  });

  it.each([
    ['an unknown validity', { type: 'limit', price: '2900', validity: 'month' }],
    ['a week-long market close', { type: 'market', validity: 'week' }],
  ])('refuses %s with a localised message and changes nothing', async (_name, body) => {
    const { user, id } = await heldPosition(t);
    const before = await tradingSnapshot(t, user);
    const ja = await close(user.token, id, body);
    expect(ja).toMatchObject({ status: 400, errorCode: 'ORDER_VALIDITY_INVALID' });
    expect(ja.msg).toContain('当日中');
    const en = await close(user.token, id, body, freshRequestKey(), 'en');
    expect(en.msg).toMatch(/today only/);
    const preview = await send(t, 'POST', `/api/positions/${id}/close/preview`, user.token, body);
    expect(preview).toMatchObject({ status: 400, errorCode: 'ORDER_VALIDITY_INVALID' });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('keeps the validity in the idempotent request: the same key with another validity is refused', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900' }, 'close-key');
    const again = await close(
      user.token,
      id,
      { type: 'limit', price: '2900', validity: 'week' },
      'close-key',
    );
    expect(again).toMatchObject({ status: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await position(user.token, id)).toMatchObject({ closeValidity: 'day' });
  });

  it('is not shown to another investor, who cannot close or withdraw it', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900', validity: 'week' });
    const other = await investor(t, '1000000');
    const before = await tradingSnapshot(t, user);
    expect(await send(t, 'GET', `/api/positions/${id}`, other.token)).toMatchObject({ status: 404 });
    expect(await close(other.token, id, { type: 'limit', price: '3000' })).toMatchObject({
      status: 404,
      errorCode: 'POSITION_NOT_FOUND',
    });
    expect(await send(t, 'DELETE', `/api/positions/${id}/close`, other.token)).toMatchObject({ status: 404 });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });
});

describe('the daily run and a limit close', () => {
  it('withdraws a close past its date: the position is held again with a message, once, and nothing moves in the ledger', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900' });
    const balances = await ledgerBalances(t, user);
    const trading = tradingOf(t.ctx);
    await trading.accrueDaily(new Date('2026-11-24T15:00:00Z')); // Wednesday 00:00 JST

    expect(await position(user.token, id)).toMatchObject({
      status: 'holding',
      closeLimit: null,
      closeValidity: null,
      closeValidUntil: null,
      closeRequestedAt: null,
    });
    const expired = (await messages(user.token)).filter((message) => message.kind === 'close_expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ title: '返済注文失効のお知らせ' });
    expect(expired[0]!.body).toContain('期限（2026/11/24(火)）');
    expect(expired[0]!.body).toContain('トヨタ自動車');
    expect(expired[0]!.body).toContain('100株');

    // Again, and after a rebuild from the database: nothing is withdrawn twice.
    const before = await tradingSnapshot(t, user);
    await trading.accrueDaily(new Date('2026-11-24T16:00:00Z'));
    await trading.reload();
    await trading.accrueDaily(new Date('2026-11-24T17:00:00Z'));
    expect(await tradingSnapshot(t, user)).toEqual(before);
    expect((await messages(user.token)).filter((message) => message.kind === 'close_expired')).toHaveLength(
      1,
    );
    // Interest aside (a 1x long pays none), the cash and margin are where the close left them.
    expect(await ledgerBalances(t, user)).toEqual(balances);
    expect(await balanced()).toBe(true);

    // Held again: a rise to the old limit closes nothing.
    t.clock.set(new Date('2026-11-25T01:00:00Z'));
    await pushQuote(t, { bid: '2950', ask: '2950.5' });
    expect(await position(user.token, id)).toMatchObject({ status: 'holding' });
  });

  it('keeps a week close through Friday, and the close fills on its last day', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900', validity: 'week' });
    const trading = tradingOf(t.ctx);
    await trading.accrueDaily(new Date('2026-11-26T15:00:00Z')); // Friday 00:00 JST
    await trading.reload();
    t.clock.set(new Date('2026-11-27T05:00:00Z')); // Friday 14:00 JST
    await pushQuote(t, { bid: '2900', ask: '2900.5' });
    expect(await position(user.token, id)).toMatchObject({ status: 'closed', exitPrice: '2900.00' });
  });

  it('keeps the date across a rebuild: a price after it withdraws the close instead of filling it', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900' });
    await tradingOf(t.ctx).reload();
    // Wednesday's first price reaches the limit before any daily run: it does not fill.
    t.clock.set(new Date('2026-11-25T00:00:00Z'));
    await pushQuote(t, { bid: '2900', ask: '2900.5' });
    expect(await position(user.token, id)).toMatchObject({ status: 'holding', closeValidity: null });
    expect((await messages(user.token)).map((message) => message.kind)).toContain('close_expired');
  });
});

describe('a closed position', () => {
  const stored = (id: string) =>
    t.ctx.db
      .selectFrom('trading_positions')
      .select(['close_limit', 'close_validity', 'close_valid_until'])
      .where('id', '=', BigInt(id))
      .executeTakeFirstOrThrow();

  it('keeps the limit close that filled it, with its validity', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2900', validity: 'week' });
    await pushQuote(t, { bid: '2900', ask: '2900.5' });
    expect(await position(user.token, id)).toMatchObject({ status: 'closed', closeLimit: '2900.00' });
    expect(await stored(id)).toEqual({
      close_limit: 290000n,
      close_validity: 'week',
      close_valid_until: '2026-11-27',
    });
  });

  it('names no limit when a market close overtook the resting one', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2950', validity: 'week' });
    const closed = await close(user.token, id, { type: 'market' });
    expect(closed.data).toMatchObject({ status: 'closed', exitPrice: '2800.00', closeLimit: null });
    expect(await stored(id)).toEqual({ close_limit: null, close_validity: null, close_valid_until: null });
  });

  it('names a limit the market was already through, which filled at once, with its own validity', async () => {
    const { user, id } = await heldPosition(t);
    await close(user.token, id, { type: 'limit', price: '2950' });
    const closed = await close(user.token, id, { type: 'limit', price: '2750', validity: 'week' });
    expect(closed.data).toMatchObject({ status: 'closed', exitPrice: '2800.00', closeLimit: '2750.00' });
    expect(await stored(id)).toEqual({
      close_limit: 275000n,
      close_validity: 'week',
      close_valid_until: '2026-11-27',
    });
  });
});
