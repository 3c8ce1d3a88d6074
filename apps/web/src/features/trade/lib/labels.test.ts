import { createInstance } from 'i18next';
import { resources } from '@kabuto/i18n';
import { describe, expect, it } from 'vitest';
import type { Position } from '@kabuto/contract';
import { dateText } from '../../../lib/format';
import {
  closeOutcome,
  closeSharesProblemText,
  pnlText,
  closingLotsOf,
  dailyChargeFigure,
  limitPriceProblemText,
  notionalLabel,
  orderSideText,
  orderTypeText,
  partialCloseLotsOf,
  positionNumberOf,
  positionSideText,
  quantityText,
  restingCloseOf,
  meetsRows,
  sharesProblemText,
  targetProblemText,
  targetTriggerText,
  waitingExits,
  validityText,
  weekEndsToday,
  weekEndsTodayText,
} from './labels';

async function translator(lng: string) {
  const i18n = createInstance();
  // As the app's instance (lib/i18n.ts): React escapes what it renders.
  await i18n.init({ lng, resources, initAsync: false, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('quantityText', () => {
  it('writes one lot and several lots as each language says them', async () => {
    const en = await translator('en');
    expect(quantityText(en, 1)).toBe('100 shares (1 lot)');
    expect(quantityText(en, 12)).toBe('1,200 shares (12 lots)');
    const fr = await translator('fr');
    expect(quantityText(fr, 1)).toBe('100 actions (1 lot)');
    expect(quantityText(fr, 3)).toBe('300 actions (3 lots)');
    const es = await translator('es');
    expect(quantityText(es, 2)).toBe('200 acciones (2 lotes)');
  });

  it('keeps the Japanese 株 and 単元 whatever the count', async () => {
    const ja = await translator('ja');
    expect(quantityText(ja, 1)).toBe('100株（1単元）');
    expect(quantityText(ja, 25)).toBe('2,500株（25単元）');
  });
});

describe('dateText and validityText', () => {
  it('write a date with its weekday, the Japanese one in half-width brackets as brokers print it', async () => {
    const ja = await translator('ja');
    expect(dateText(ja, '2026-11-27')).toBe('2026/11/27(金)');
    expect(dateText(ja, '2026-11-29')).toBe('2026/11/29(日)');
    expect(dateText(ja, '2027-01-04')).toBe('2027/01/04(月)');
    expect(validityText(ja, 'week', '2026-12-04')).toBe('今週中（2026/12/04(金)まで）');
    expect(dateText(await translator('en'), '2026-11-28')).toBe('2026/11/28 (Sat)');
    expect(dateText(await translator('zh-CN'), '2026-12-01')).toBe('2026/12/01（周二）');
    expect(dateText(await translator('es'), '2026-12-02')).toBe('2026/12/02 (mié)');
    expect(dateText(await translator('fr'), '2026-12-03')).toBe('2026/12/03 (jeu.)');
  });

  it('take the weekday of the calendar date itself, whatever the time zone of the device', async () => {
    const ja = await translator('ja');
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(dateText(ja, '2026-11-30'), tz).toBe('2026/11/30(月)');
      }
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('orderSideText and positionSideText', () => {
  it('mark margin trading (2x and above, or any short) as the confirmation does, and a 1x buy not', async () => {
    const ja = await translator('ja');
    expect(orderSideText(ja, 'long', 1)).toBe('新規買');
    expect(orderSideText(ja, 'long', 3)).toBe('新規買（信用）');
    expect(orderSideText(ja, 'short', 1)).toBe('新規売（信用）');
    expect(positionSideText(ja, 'long', 1)).toBe('買建');
    expect(positionSideText(ja, 'long', 2)).toBe('買建（信用）');
    expect(positionSideText(ja, 'short', 1)).toBe('売建（信用）');
    const en = await translator('en');
    expect(orderSideText(en, 'long', 2)).toBe('Buy to open, on margin');
    expect(positionSideText(en, 'short', 1)).toBe('Short, on margin');
  });
});

describe('weekEndsToday', () => {
  // Friday 2026-11-27, 10:00 JST, and the Thursday before it.
  const friday = new Date('2026-11-27T01:00:00Z');
  const thursday = new Date('2026-11-26T01:00:00Z');

  it('holds for a 今週中 order whose last date is today in Japan', () => {
    expect(weekEndsToday('week', '2026-11-27', friday)).toBe(true);
    expect(weekEndsToday('week', '2026-11-27', thursday)).toBe(false);
    // 当日中 always ends today: there is nothing to point out.
    expect(weekEndsToday('day', '2026-11-27', friday)).toBe(false);
  });

  it('reads the date in Japan, not in UTC: 23:30 UTC on Thursday is Friday morning in Tokyo', () => {
    expect(weekEndsToday('week', '2026-11-27', new Date('2026-11-26T23:30:00Z'))).toBe(true);
  });

  it("names both choices in the reader's language", async () => {
    const ja = await translator('ja');
    expect(weekEndsTodayText(ja, 'week', '2026-11-27', friday)).toContain('「今週中」も「当日中」と同じく');
    expect(weekEndsTodayText(ja, 'week', '2026-12-04', friday)).toBeNull();
    const en = await translator('en');
    expect(weekEndsTodayText(en, 'week', '2026-11-27', friday)).toContain('“This week”');
  });
});

describe('dailyChargeFigure', () => {
  it('names the charge, then its yearly rate and about one day of it, as each language says them', async () => {
    const interest = { kind: 'long_interest', rateBpPerYear: 280, perDay: '143.19' } as const;
    const borrow = { kind: 'short_borrow_fee', rateBpPerYear: 115, perDay: '8.82' } as const;
    const ja = await translator('ja');
    expect(dailyChargeFigure(ja, interest)).toEqual({
      label: '買方金利（借入分）',
      lines: ['年2.80%', '1日あたり約¥143.19'],
    });
    expect(dailyChargeFigure(ja, borrow)).toEqual({
      label: '貸株料',
      lines: ['年1.15%', '1日あたり約¥8.82'],
    });
    expect(dailyChargeFigure(ja, null)).toEqual({ label: '金利・貸株料', lines: ['なし（1倍の買い）'] });
    const en = await translator('en');
    expect(dailyChargeFigure(en, borrow)).toEqual({
      label: 'Borrow fee',
      lines: ['1.15% a year', 'about ¥8.82 a day'],
    });
    const fr = await translator('fr');
    expect(dailyChargeFigure(fr, interest).lines).toEqual(['2.80 % par an', 'environ ¥143.19 par jour']);
  });
});

describe('notionalLabel', () => {
  it('calls a waiting market order’s notional what it is: the amount at the limit up its cash is held at', async () => {
    const ja = await translator('ja');
    expect(notionalLabel(ja, { type: 'market' }, { fillsNow: true })).toBe('概算約定代金');
    expect(notionalLabel(ja, { type: 'limit' }, { fillsNow: false })).toBe('概算約定代金');
    expect(notionalLabel(ja, { type: 'market' }, { fillsNow: false })).toBe('約定代金（ストップ高で計算）');
    const en = await translator('en');
    expect(notionalLabel(en, { type: 'market' }, { fillsNow: false })).toBe(
      'Trade value at the limit-up price',
    );
  });
});

describe('orderTypeText', () => {
  const long = { type: 'market', side: 'long' } as const;
  it('names the best ask or bid a market order fills at, or the limit up it is held at while it waits', async () => {
    const ja = await translator('ja');
    expect(orderTypeText(ja, long, { price: '2800.50', fillsNow: true })).toBe('成行（売気配 2,800.5円）');
    expect(orderTypeText(ja, { ...long, side: 'short' }, { price: '2800.00', fillsNow: true })).toBe(
      '成行（買気配 2,800円）',
    );
    expect(orderTypeText(ja, long, { price: '3300.00', fillsNow: false })).toBe(
      '成行（注文拘束額はストップ高 3,300円で計算）',
    );
    const en = await translator('en');
    expect(orderTypeText(en, long, { price: '3300.00', fillsNow: false })).toBe(
      'Market (set aside at the limit-up price ¥3,300)',
    );
    expect(orderTypeText(en, long, { price: '2800.50', fillsNow: true })).toBe('Market (best ask ¥2,800.5)');
  });

  it('names a limit order by the limit typed, with the price it fills at when the market already reaches it', async () => {
    const ja = await translator('ja');
    const limit = { type: 'limit', side: 'long', price: '2812.00' } as const;
    expect(orderTypeText(ja, limit, { price: '2812.00', fillsNow: false })).toBe('指値 2,812円');
    expect(orderTypeText(ja, limit, { price: '2791.50', fillsNow: true })).toBe(
      '指値 2,812円（売気配 2,791.5円で即時約定の見込み）',
    );
    const en = await translator('en');
    expect(
      orderTypeText(en, { ...limit, side: 'short', price: '2700.00' }, { price: '2791.00', fillsNow: true }),
    ).toBe('Limit ¥2,700 (fills now at the best bid, ¥2,791)');
  });
});

describe('targetProblemText', () => {
  it('says which way a target must go and from which price: the best ask or bid, the current price or the limit', async () => {
    const ja = await translator('ja');
    const side = (price: bigint, basis: 'ask' | 'bid' | 'last' | 'limit') =>
      ({ kind: 'side', reference: { price, basis } }) as const;
    expect(targetProblemText(ja, 'long', 'takeProfit', side(300_000n, 'last'))).toBe(
      '利益確定は現在値（3,000円）より高い価格にしてください',
    );
    expect(targetProblemText(ja, 'long', 'stopLoss', side(295_050n, 'limit'))).toBe(
      '損切りは指値（2,950.5円）より低い価格にしてください',
    );
    expect(targetProblemText(ja, 'short', 'takeProfit', side(300_000n, 'last'))).toBe(
      '利益確定は現在値（3,000円）より低い価格にしてください',
    );
    expect(targetProblemText(ja, 'short', 'stopLoss', side(300_000n, 'last'))).toBe(
      '損切りは現在値（3,000円）より高い価格にしてください',
    );
    // A market order is judged from what it meets: a buy the best ask (売気配), a sell the best bid (買気配).
    expect(targetProblemText(ja, 'long', 'takeProfit', side(300_100n, 'ask'))).toBe(
      '利益確定は売気配（3,001円）より高い価格にしてください',
    );
    expect(targetProblemText(ja, 'short', 'stopLoss', side(299_900n, 'bid'))).toBe(
      '損切りは買気配（2,999円）より高い価格にしてください',
    );
    const en = await translator('en');
    expect(targetProblemText(en, 'short', 'stopLoss', side(295_050n, 'limit'))).toBe(
      'Set the stop-loss above the limit price (¥2,950.5)',
    );
    expect(targetProblemText(en, 'long', 'stopLoss', side(300_100n, 'ask'))).toBe(
      'Set the stop-loss below the best ask (¥3,001)',
    );
    const fr = await translator('fr');
    expect(targetProblemText(fr, 'long', 'takeProfit', side(300_000n, 'last'))).toBe(
      'La prise de bénéfice doit être au-dessus du cours actuel (¥3,000)',
    );
  });

  it('names the tick size of a price off the grid', async () => {
    const ja = await translator('ja');
    expect(targetProblemText(ja, 'long', 'takeProfit', { kind: 'tick', tick: 50n })).toBe(
      '利益確定は呼値の単位（0.5円）で入力してください',
    );
    const en = await translator('en');
    expect(targetProblemText(en, 'short', 'stopLoss', { kind: 'tick', tick: 100n })).toBe(
      'Enter the stop-loss in steps of the tick size (¥1)',
    );
  });
});

describe('meetsRows', () => {
  it('names the best bid or ask a market close meets, and nothing for the last price', async () => {
    const ja = await translator('ja');
    expect(meetsRows(ja, { price: 279_950n, basis: 'bid' })).toEqual([['meets', '買気配', '2,799.5円']]);
    expect(meetsRows(ja, { price: 280_000n, basis: 'ask' })).toEqual([['meets', '売気配', '2,800円']]);
    expect(meetsRows(ja, { price: 280_000n, basis: 'last' })).toEqual([]);
    expect(meetsRows(ja, null)).toEqual([]);
    const en = await translator('en');
    expect(meetsRows(en, { price: 279_950n, basis: 'bid' })).toEqual([['meets', 'Bid', '¥2,799.5']]);
  });
});

describe('limitPriceProblemText and sharesProblemText', () => {
  it('say a limit off the grid with its tick, the rest in the engine’s words, and nothing when all is well', async () => {
    const ja = await translator('ja');
    expect(limitPriceProblemText(ja, { kind: 'tick', tick: 50n })).toBe(
      '指値は呼値の単位（0.5円）で入力してください',
    );
    expect(limitPriceProblemText(ja, { kind: 'limits' })).toBe('価格が本日の値幅制限の範囲外です');
    expect(limitPriceProblemText(ja, { kind: 'unreadable' })).toBe('価格を正しく入力してください');
    expect(limitPriceProblemText(ja, null)).toBeNull();
    const en = await translator('en');
    expect(limitPriceProblemText(en, { kind: 'tick', tick: 100n })).toBe(
      'Enter the limit price in steps of the tick size (¥1)',
    );
  });

  it('say a quantity that is not whole 100-share units, but not an empty one (asked for on sending)', async () => {
    const ja = await translator('ja');
    expect(sharesProblemText(ja, '150')).toBe(ja('errors:ORDER_LOTS_INVALID'));
    expect(sharesProblemText(ja, 'abc')).toBe(ja('errors:ORDER_LOTS_INVALID'));
    expect(sharesProblemText(ja, '')).toBeNull();
    expect(sharesProblemText(ja, '２００')).toBeNull();
    expect(sharesProblemText(ja, '1,000')).toBeNull();
  });
});

describe('waitingExits', () => {
  const open = (id: string, status: Position['status'], takeProfit: string | null, stopLoss: string | null) =>
    ({ id, status, takeProfit, stopLoss }) as Position;

  it("lists each position's waiting close, then its armed targets, unless it is closing at the market", () => {
    const positions = [
      open('held-bare', 'holding', null, null),
      open('held-tp', 'holding', '3100.00', null),
      open('limit-closing-both', 'limit-closing', '3100.00', '2600.00'),
      open('held-sl', 'holding', null, '2600.00'),
      open('limit-closing-bare', 'limit-closing', null, null),
      // A market close waiting for the auction: its targets no longer fire (the engine unfiles them).
      open('closing', 'closing', '3100.00', '2600.00'),
    ];
    expect(waitingExits(positions).map((line) => `${line.kind} ${line.position.id}`)).toEqual([
      'armed held-tp',
      'close limit-closing-both',
      'armed limit-closing-both',
      'armed held-sl',
      'close limit-closing-bare',
      'close closing',
    ]);
  });

  it('lists nothing for positions only held', () => {
    expect(waitingExits([open('a', 'holding', null, null)])).toEqual([]);
  });
});

describe('targetTriggerText', () => {
  it("says a long's take-profit fires at or above its price and its stop-loss at or below; a short's the other way", async () => {
    const ja = await translator('ja');
    expect(targetTriggerText(ja, 'long', 'takeProfit', '3100.00')).toBe('利益確定 3,100円以上');
    expect(targetTriggerText(ja, 'long', 'stopLoss', '2600.50')).toBe('損切り 2,600.5円以下');
    expect(targetTriggerText(ja, 'short', 'takeProfit', '3300.00')).toBe('利益確定 3,300円以下');
    expect(targetTriggerText(ja, 'short', 'stopLoss', '3900.00')).toBe('損切り 3,900円以上');
    const en = await translator('en');
    expect(targetTriggerText(en, 'long', 'takeProfit', '12500.00')).toBe('Take-profit at ¥12,500 or above');
    expect(targetTriggerText(en, 'short', 'stopLoss', '3900.00')).toBe('Stop-loss at ¥3,900 or above');
  });
});

describe('一部返済 (partial close)', () => {
  const position = (fields: Partial<Position>) =>
    ({
      id: '41',
      status: 'holding',
      lots: 3,
      closeLots: null,
      partOf: null,
      closeLimit: null,
      closeValidity: null,
      closeValidUntil: null,
      ...fields,
    }) as Position;

  it('reads the lots a waiting close covers: its closeLots, all of them when none is named, none while held', () => {
    expect(closingLotsOf(position({ status: 'limit-closing', closeLots: 1 }))).toBe(1);
    expect(closingLotsOf(position({ status: 'closing', closeLots: 3 }))).toBe(3);
    expect(closingLotsOf(position({ status: 'closing' }))).toBe(3);
    expect(closingLotsOf(position({ status: 'holding' }))).toBeNull();
    expect(closingLotsOf(position({ status: 'closed', closeLots: 1 }))).toBeNull();
  });

  it('names a waiting close partial only when it covers fewer lots than held', () => {
    expect(partialCloseLotsOf(position({ status: 'limit-closing', closeLots: 1 }))).toBe(1);
    expect(partialCloseLotsOf(position({ status: 'limit-closing', closeLots: 3 }))).toBeNull();
    expect(partialCloseLotsOf(position({ status: 'closing' }))).toBeNull();
    expect(partialCloseLotsOf(position({ status: 'holding' }))).toBeNull();
  });

  it('gives a resting limit close the lots it covers, which the form starts from when it is changed', () => {
    const resting = {
      status: 'limit-closing',
      closeLimit: '3000.00',
      closeValidity: 'day',
      closeValidUntil: '2026-12-01',
    } as const;
    expect(restingCloseOf(position({ ...resting, closeLots: 2 }))).toEqual({
      limit: '3000.00',
      validity: 'day',
      validUntil: '2026-12-01',
      lots: 2,
    });
    expect(restingCloseOf(position({ ...resting }))?.lots).toBe(3);
    expect(restingCloseOf(position({ status: 'closing', closeLots: 1 }))).toBeNull();
  });

  it('tells a close that filled whole, one that filled in part (whichever position answers it) and one that waits', () => {
    const before = position({ lots: 3 });
    expect(closeOutcome(before, position({ status: 'closed', lots: 3 }))).toEqual({ kind: 'closed' });
    // The closed lots, a position of their own, or the position holding the rest.
    expect(closeOutcome(before, position({ id: '57', status: 'closed', lots: 1, partOf: '41' }))).toEqual({
      kind: 'partly-closed',
      lots: 1,
    });
    expect(closeOutcome(before, position({ status: 'holding', lots: 2 }))).toEqual({
      kind: 'partly-closed',
      lots: 1,
    });
    expect(closeOutcome(before, position({ status: 'limit-closing', lots: 3, closeLots: 1 }))).toEqual({
      kind: 'waiting',
    });
    expect(closeOutcome(before, position({ status: 'closing', lots: 3 }))).toEqual({ kind: 'waiting' });
  });

  it('numbers lots closed by 一部返済 as the position they came from, any other position by its own id', () => {
    expect(positionNumberOf(position({ id: '57', partOf: '41' }))).toBe('41');
    expect(positionNumberOf(position({ id: '41' }))).toBe('41');
  });

  it('gives a P&L signed with its share of the margin, without it when there is no margin, and a dash for none', async () => {
    const ja = await translator('ja');
    expect(pnlText(ja, '12000.00', '280000.00')).toBe('+¥12,000.00（保証金比 +4.29%）');
    expect(pnlText(ja, '-500.00', '280000.00')).toBe('-¥500.00（保証金比 -0.18%）');
    expect(pnlText(ja, '100.00', '0.00')).toBe('+¥100.00');
    expect(pnlText(ja, null, '280000.00')).toBe('—');
  });

  it('says a 返済数量 above the shares held in its own words, one not in lots in the engine’s, and nothing else', async () => {
    const ja = await translator('ja');
    expect(closeSharesProblemText(ja, '400', 3)).toBe('返済数量が建株数を超えています');
    expect(closeSharesProblemText(ja, '１，０００', 3)).toBe(ja('errors:CLOSE_LOTS_ABOVE_POSITION'));
    expect(closeSharesProblemText(ja, '150', 3)).toBe(ja('errors:ORDER_LOTS_INVALID'));
    expect(closeSharesProblemText(ja, '0', 3)).toBe(ja('errors:ORDER_LOTS_INVALID'));
    expect(closeSharesProblemText(ja, '300', 3)).toBeNull();
    expect(closeSharesProblemText(ja, '100', 3)).toBeNull();
    expect(closeSharesProblemText(ja, '', 3)).toBeNull();
    const en = await translator('en');
    expect(closeSharesProblemText(en, '500', 3)).toBe('You cannot close more shares than the position holds');
  });
});
