// 一部返済: POST /api/positions/:id/close with `lots` closes some of a position's lots, as a part of their own.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTrading, tradingOf } from '../src/modules/trading';
import { sameDatabaseServer, type Registered, type TestApp } from './harness';
import {
  freshRequestKey,
  heldPosition,
  investor,
  ledgerBalanced,
  morningQuote,
  pushQuote,
  send,
  tradingSnapshot,
  tradingTestApp,
  type PositionView,
} from './trading-helpers';

interface PartView extends PositionView {
  lots: number;
  closeLots: number | null;
  partOf: string | null;
  interest: string;
}
interface Page<T> {
  items: T[];
}
interface HistoryLine {
  kind: 'order' | 'close' | 'withdrawn-close';
  position?: PartView;
  close?: { lots: number; positionId: string };
}

let t: TestApp;
let admin: string;
beforeAll(async () => void ({ t, admin } = await tradingTestApp()));
afterAll(() => t.close());
beforeEach(() => morningQuote(t));

/** A new investor holding 3 lots of Toyota, long at 2x, bought at 2,800.50. */
const threeLots = () => heldPosition(t, { cash: '2000000', lots: 3, leverage: 2 });

/** A new investor with 1,000,000 yen holding 10 lots of Toyota, long at 3x: near the margin-call level. */
const tenLotsAtThreeTimes = () => heldPosition(t, { lots: 10, leverage: 3 });

const close = (user: Registered, id: string, body: object, key = freshRequestKey(), lang = 'en') =>
  send<PartView>(t, 'POST', `/api/positions/${id}/close?lang=${lang}`, user.token, body, key);
const positionOf = async (user: Registered, id: string, app = t) =>
  (await send<PartView>(app, 'GET', `/api/positions/${id}`, user.token)).data;
const closedOf = async (user: Registered) =>
  (await send<Page<PartView>>(t, 'GET', '/api/positions?status=closed', user.token)).data.items;
const historyOf = async (user: Registered) =>
  (await send<Page<HistoryLine>>(t, 'GET', '/api/trading/history?pageSize=50', user.token)).data.items;
const sen = (amount: string) => BigInt(amount.replace('.', ''));

describe('一部返済 (closing some of a position’s lots)', () => {
  it('at market closes those lots as a closed part naming the position; the position keeps the rest', async () => {
    const { user, id } = await threeLots();
    const before = await positionOf(user, id);
    await pushQuote(t, { bid: '2850', ask: '2850.5' });
    const closed = await close(user, id, { type: 'market', lots: 1 });
    expect(closed.status).toBe(200);
    expect(closed.data).toMatchObject({ id, lots: 2, status: 'holding', closeLots: null, partOf: null });

    const [part] = await closedOf(user);
    expect(part).toMatchObject({
      lots: 1,
      partOf: id,
      status: 'closed',
      entryPrice: '2800.50',
      exitPrice: '2850.00',
      realisedPnl: '4950.00',
      closeReason: 'user',
      openedAt: expect.any(String),
    });
    expect(part!.id).not.toBe(id);
    // The margin and opening fee are shared out: the part's and the rest's add up to the position's.
    const rest = await positionOf(user, id);
    expect(sen(part!.margin) + sen(rest.margin)).toBe(sen(before.margin));
    expect(sen(part!.openFee) + sen(rest.openFee)).toBe(sen(before.openFee));
    expect(sen(part!.margin)).toBe(sen(before.margin) / 3n);
    // The close is a line of 注文履歴, and its fill names the part.
    expect((await historyOf(user)).filter((line) => line.kind === 'close')).toEqual([
      expect.objectContaining({ position: expect.objectContaining({ id: part!.id, partOf: id, lots: 1 }) }),
    ]);
    const fills = await t.ctx.db
      .selectFrom('trading_fills')
      .select(['position_id', 'kind', 'lots'])
      .where('user_id', '=', BigInt(user.userId))
      .orderBy('id')
      .execute();
    expect(fills).toEqual([
      { position_id: BigInt(id), kind: 'open', lots: 3 },
      { position_id: BigInt(part!.id), kind: 'close', lots: 1 },
    ]);
    expect(await ledgerBalanced(t, admin)).toBe(true);
  });

  it('with a limit rests on the whole position naming its lots, and fills as a part when reached', async () => {
    const { user, id } = await threeLots();
    const resting = await close(user, id, { type: 'limit', price: '2900', lots: 2, validity: 'week' });
    expect(resting.data).toMatchObject({
      id,
      lots: 3,
      status: 'limit-closing',
      closeLots: 2,
      closeLimit: '2900.00',
    });
    await pushQuote(t, { bid: '2910', ask: '2910.5' });
    expect(await positionOf(user, id)).toMatchObject({
      lots: 1,
      status: 'holding',
      closeLots: null,
      closeLimit: null,
    });
    const [part] = await closedOf(user);
    expect(part).toMatchObject({
      lots: 2,
      partOf: id,
      exitPrice: '2910.00',
      closeLimit: '2900.00',
      closeValidity: null,
    });
    // The part keeps the limit close's 期間, as 注文履歴 shows it.
    const row = await t.ctx.db
      .selectFrom('trading_positions')
      .select(['close_validity', 'close_valid_until', 'order_id'])
      .where('id', '=', BigInt(part!.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ close_validity: 'week', order_id: null });
    expect(await ledgerBalanced(t, admin)).toBe(true);
  });

  it('cancelled, holds the whole position again and records the lots it covered', async () => {
    const { user, id } = await threeLots();
    await close(user, id, { type: 'limit', price: '2900', lots: 1 });
    const cancelled = await send<PartView>(t, 'DELETE', `/api/positions/${id}/close`, user.token);
    expect(cancelled.data).toMatchObject({ lots: 3, status: 'holding', closeLots: null });
    const withdrawn = (await historyOf(user)).find((line) => line.kind === 'withdrawn-close');
    expect(withdrawn?.close).toMatchObject({ lots: 1, positionId: id });
    await pushQuote(t, { bid: '2950', ask: '2950.5' });
    expect(await positionOf(user, id)).toMatchObject({ lots: 3, status: 'holding' });
  });

  it('previews the figures of those lots only', async () => {
    const { user, id } = await threeLots();
    await pushQuote(t, { bid: '2850', ask: '2850.5' });
    const preview = (lots: number) =>
      send<{ notional: string; realisedPnl: string; openFee: string }>(
        t,
        'POST',
        `/api/positions/${id}/close/preview`,
        user.token,
        {
          type: 'market',
          lots,
        },
      );
    expect((await preview(1)).data).toMatchObject({ notional: '285000.00', realisedPnl: '4950.00' });
    expect((await preview(3)).data).toMatchObject({ notional: '855000.00', realisedPnl: '14850.00' });
    // The opening fee the net takes off: the closed lots' share, all of it for all the lots.
    const { openFee } = await positionOf(user, id);
    expect(sen((await preview(1)).data.openFee)).toBe(sen(openFee) / 3n);
    expect((await preview(3)).data.openFee).toBe(openFee);
    expect(await preview(4)).toMatchObject({ status: 409, errorCode: 'CLOSE_LOTS_ABOVE_POSITION' });
    expect(await positionOf(user, id)).toMatchObject({ lots: 3, status: 'holding' });
  });

  it('refuses more lots than held (in the language asked for), or lots that are not whole, and changes nothing', async () => {
    const { user, id } = await threeLots();
    const before = await tradingSnapshot(t, user);
    const more = await close(user, id, { type: 'market', lots: 4 }, freshRequestKey(), 'ja');
    expect(more).toMatchObject({ status: 409, errorCode: 'CLOSE_LOTS_ABOVE_POSITION' });
    expect(more.msg).toBe('返済数量が建株数を超えています');
    for (const lots of [0, 1.5, -1]) {
      expect(await close(user, id, { type: 'market', lots })).toMatchObject({
        status: 400,
        errorCode: 'ORDER_LOTS_INVALID',
      });
    }
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it("refuses another investor's position as not found, and changes nothing", async () => {
    const { user, id } = await threeLots();
    const intruder = await investor(t, '1000000');
    const before = await tradingSnapshot(t, user);
    expect(await close(intruder, id, { type: 'market', lots: 1 })).toMatchObject({
      status: 404,
      errorCode: 'POSITION_NOT_FOUND',
    });
    expect(await tradingSnapshot(t, user)).toEqual(before);
  });

  it('answers a retry of the same request with the position, closing no more lots', async () => {
    const { user, id } = await threeLots();
    const key = freshRequestKey();
    expect((await close(user, id, { type: 'market', lots: 1 }, key)).data).toMatchObject({ lots: 2 });
    expect((await close(user, id, { type: 'market', lots: 1 }, key)).data).toMatchObject({ lots: 2 });
    expect(await closedOf(user)).toHaveLength(1);
    expect(await close(user, id, { type: 'market', lots: 2 }, key)).toMatchObject({
      status: 422,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('waiting for the auction, closes first when the price gaps to a forced close, whose message counts the rest', async () => {
    const { user, id } = await tenLotsAtThreeTimes();
    await pushQuote(t, { bid: '2800', ask: '2800.5' }, { phase: 'lunch-break' });
    expect((await close(user, id, { type: 'market', lots: 3 })).data).toMatchObject({
      status: 'closing',
      closeLots: 3,
    });
    // The afternoon opens at the stop low: the waiting 3 lots close there as a part, then the 7 left are forced.
    await pushQuote(t, { bid: '1800', ask: '1800.5' }, { base: '2300' });
    expect(await positionOf(user, id)).toMatchObject({ status: 'closed', lots: 7, closeReason: 'forced' });
    expect((await closedOf(user)).find((position) => position.partOf === id)).toMatchObject({
      lots: 3,
      closeReason: 'user',
      exitPrice: '1800.00',
    });
    const forced = await t.ctx.db
      .selectFrom('messages')
      .select('params')
      .where('user_id', '=', BigInt(user.userId))
      .where('kind', '=', 'forced_close')
      .execute();
    expect(forced).toEqual([{ params: expect.objectContaining({ lots: '7' }) }]);
    // The statement's breakdowns add up to each trade's cash change, the loss beyond the cash (owed) included.
    const entries = (
      await send<{
        items: {
          cashChange: string;
          breakdown: Record<'margin' | 'pnl' | 'fee' | 'interest' | 'debt', string> | null;
        }[];
      }>(t, 'GET', '/api/account/ledger', user.token)
    ).data.items.filter((entry) => entry.breakdown !== null);
    expect(entries).toHaveLength(3);
    for (const entry of entries)
      expect(Object.values(entry.breakdown!).reduce((sum, amount) => sum + sen(amount), 0n)).toBe(
        sen(entry.cashChange),
      );
    expect(entries.some((entry) => sen(entry.breakdown!.debt) > 0n)).toBe(true);
    expect(await ledgerBalanced(t, admin)).toBe(true);
  });

  it('says in its message that only some shares closed and what the position still holds', async () => {
    const { user, id } = await threeLots();
    await pushQuote(t, { bid: '2850', ask: '2850.5' });
    await close(user, id, { type: 'market', lots: 1 });
    await close(user, id, { type: 'market' });
    const bodies = async (lang: string) =>
      (
        await send<{ items: { kind: string; body: string }[] }>(
          t,
          'GET',
          `/api/messages?lang=${lang}`,
          user.token,
        )
      ).data.items
        .filter((message) => message.kind === 'position_closed')
        .map((message) => message.body);
    // Newest first: the close of the 2 lots left (the whole position then), and the 一部返済 before it.
    expect(await bodies('ja')).toEqual([
      'トヨタ自動車（7203）200株の建玉を、返済注文により2,850円で決済しました。売買損益（手数料・金利等控除前）は9,900円です。',
      'トヨタ自動車（7203）の建玉のうち100株を、返済注文により2,850円で返済しました（一部返済）。残りの建株数は200株です。売買損益（手数料・金利等控除前）は4,950円です。',
    ]);
    expect((await bodies('en'))[1]).toBe(
      '100 shares of your position in Toyota Motor (7203) were closed at ¥2,850 by your close order (partial close). The position still holds 200 shares. Gain or loss on the price, before fees and interest: ¥4,950.',
    );
  });

  it("names the stock and the position on the statement's line of the closed lots, on screen and in the CSV", async () => {
    const { user, id } = await threeLots();
    await close(user, id, { type: 'market', lots: 1 });
    const [part] = await closedOf(user);
    const entries = (
      await send<{
        items: {
          reference: string | null;
          instrument: { code: string } | null;
          partOf: string | null;
          cashChange: string;
          breakdown: Record<'margin' | 'pnl' | 'fee' | 'interest' | 'debt', string> | null;
        }[];
      }>(t, 'GET', '/api/account/ledger', user.token)
    ).data.items;
    // The line names the part's own record; the investor knows those lots by the position they came from.
    expect(entries.find((entry) => entry.reference === `position:${part!.id}`)).toMatchObject({
      instrument: { code: '7203', nameJa: 'トヨタ自動車' },
      partOf: id,
    });
    expect(entries.find((entry) => entry.reference === `order:${id}`)).toMatchObject({ partOf: null });
    // Each trade's cash change by what moved it: the fill posts margin and pays the fee; the close returns the
    // part's margin with its gain, less the closing fee.
    const position = await positionOf(user, id);
    const fill = entries.find((entry) => entry.reference === `order:${id}` && entry.breakdown !== null)!;
    expect(sen(fill.breakdown!.margin)).toBe(-(sen(position.margin) + sen(part!.margin)));
    expect(sen(fill.breakdown!.fee)).toBe(-(sen(position.openFee) + sen(part!.openFee)));
    const closing = entries.find((entry) => entry.reference === `position:${part!.id}`)!;
    expect(closing.breakdown).toEqual({
      margin: part!.margin,
      pnl: part!.realisedPnl,
      fee: `-${part!.closeFee}`,
      interest: '0.00',
      debt: '0.00',
    });
    for (const entry of [fill, closing])
      expect(Object.values(entry.breakdown!).reduce((sum, amount) => sum + sen(amount), 0n)).toBe(
        sen(entry.cashChange),
      );
    expect(entries.filter((entry) => entry.breakdown !== null)).toHaveLength(2);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/account/ledger.csv?lang=ja',
      headers: { token: user.token },
    });
    expect(csv.statusCode).toBe(200);
    const closeLine = csv.body.split('\r\n').find((line) => line.includes('（一部返済）'));
    expect(closeLine).toMatch(new RegExp(`,建玉番号 ${id}（一部返済）$`));
    expect(csv.body).not.toContain(`建玉番号 ${part!.id}`);
  });

  it('keeps a resting partial close across a restart: the restarted server fills it as a part', async () => {
    const { user, id } = await threeLots();
    await close(user, id, { type: 'limit', price: '2900', lots: 2 });
    const restarted = await sameDatabaseServer(t);
    const stopTrading = await startTrading(restarted.ctx);
    try {
      restarted.clock.set(t.clock.now());
      await pushQuote(restarted, { bid: '2900', ask: '2900.5' });
      expect(await positionOf(user, id, restarted)).toMatchObject({ lots: 1, status: 'holding' });
    } finally {
      stopTrading();
      await restarted.close();
    }
    expect((await closedOf(user))[0]).toMatchObject({ lots: 2, partOf: id, exitPrice: '2900.00' });
  });

  it("waiting for the auction, is recorded as withdrawn when a forced close at the call's deadline takes all the lots", async () => {
    const { user, id } = await tenLotsAtThreeTimes();
    await pushQuote(t, { bid: '2302', ask: '2302.5' });
    // The deadline day's evening (20:00 JST): 1 lot at the market waits for the next opening, and would not bring
    // the ratio back to 20%.
    const evening = new Date('2026-11-25T11:00:00Z');
    t.clock.set(evening);
    await pushQuote(t, { bid: '2302', ask: '2302.5' }, { phase: 'after-close' });
    expect((await close(user, id, { type: 'market', lots: 1 })).data).toMatchObject({
      status: 'closing',
      closeLots: 1,
    });
    // 8:00 the next morning the daily run finds the call past its deadline and closes the whole position.
    t.clock.set(new Date('2026-11-25T23:00:00Z'));
    await tradingOf(t.ctx).accrueDaily(t.clock.now());
    expect(await positionOf(user, id)).toMatchObject({
      status: 'closing',
      pendingClose: 'forced',
      lots: 10,
      closeLots: 10,
    });
    const [line] = await historyOf(user);
    expect(line).toMatchObject({
      kind: 'withdrawn-close',
      close: {
        positionId: id,
        lots: 1,
        price: null,
        validity: null,
        validUntil: null,
        reason: 'forced',
        requestedAt: evening.toISOString(),
        withdrawnAt: t.clock.now().toISOString(),
      },
    });
    expect(await ledgerBalanced(t, admin)).toBe(true);
  });
});
