import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjustAvailableCash,
  creditDeposit,
  holdForWithdrawal,
  payOutWithdrawal,
  releaseWithdrawalHold,
} from '../src/modules/ledger';
import { createTestApp, get, registerUser, type Registered, type TestApp } from './harness';

// The investor's own ledger: GET /api/account/ledger (filters, cursor pages) and GET /api/account/ledger.csv.
// Entries are written through the ledger service at chosen instants, around the edges of Japan-time months.

let t: TestApp;
let alice: Registered;
let bob: Registered;

interface Entry {
  id: string;
  kind: string;
  reference: string | null;
  cashChange: string;
  availableChange: string;
  heldChange: string;
  createdAt: string;
}
type Page = { items: Entry[]; nextCursor: string | null };

let keys = 0;
async function write(
  op: 'deposit' | 'hold' | 'payout' | 'release' | 'adjust',
  user: Registered,
  yen: string,
  at: string,
  reference = `ref-${keys + 1}`,
) {
  const [whole, cents = '00'] = yen.replace('-', '').split('.');
  const sen = BigInt(whole!) * 100n + BigInt(cents.padEnd(2, '0'));
  const movement = {
    userId: BigInt(user.userId),
    amount: yen.startsWith('-') ? -sen : sen,
    reference,
    actor: { kind: 'system' } as const,
    idempotency: { scope: 'account-ledger-test', key: `k${++keys}`, request: {} },
    at: new Date(at),
  };
  await t.ctx.transact(async (tx) => {
    if (op === 'deposit') return creditDeposit(tx.db, movement);
    if (op === 'hold') return holdForWithdrawal(tx.db, movement);
    if (op === 'payout') return payOutWithdrawal(tx.db, movement);
    if (op === 'release') return releaseWithdrawalHold(tx.db, movement);
    return adjustAvailableCash(tx.db, { ...movement, reason: 'correction' });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t);
  bob = await registerUser(t);
  // 23:59:59 on 31 October in Japan, then midnight of 1 November in Japan (still 31 October in UTC).
  await write('deposit', alice, '10000', '2026-10-31T14:59:59Z', 'bank:OCT');
  await write('deposit', alice, '2500.5', '2026-10-31T15:00:00Z', 'bank:A,"1"');
  await write('deposit', bob, '777', '2026-11-05T01:00:00Z', 'bank:BOB');
  await write('hold', alice, '1000', '2026-11-10T03:00:00Z', 'bank-account:1');
  await write('payout', alice, '400', '2026-11-11T03:00:00Z', 'withdrawal:1');
  await write('release', alice, '600', '2026-11-12T03:00:00Z', 'withdrawal:1');
  await write('hold', bob, '100', '2026-11-13T03:00:00Z', 'bank-account:2');
  await write('adjust', alice, '-0.5', '2026-11-30T14:59:59Z', 'adjustment:1');
  // Midnight of 1 December in Japan.
  await write('deposit', alice, '1', '2026-11-30T15:00:00Z', 'bank:DEC');
});
afterAll(() => t.close());

const ledger = (user: Registered, query = '') => get<Page>(t.app, `/api/account/ledger${query}`, user.token);

/** Every page of a query, following nextCursor. */
async function allPages(user: Registered, query: string) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const page: Page = (await ledger(user, `?${query}${cursor ? `&cursor=${cursor}` : ''}`)).data;
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 20) throw new Error('no end to the pages');
  } while (cursor);
  return pages;
}

describe('GET /api/account/ledger', () => {
  it("lists the caller's entries newest first, with what each did to their cash, available and held", async () => {
    const result = await ledger(alice);
    expect(result).toMatchObject({ status: 200, code: 1 });
    expect(
      result.data.items.map((e) => [
        e.kind,
        e.cashChange,
        e.availableChange,
        e.heldChange,
        e.reference,
        e.createdAt,
      ]),
    ).toEqual([
      ['deposit', '1.00', '1.00', '0.00', 'bank:DEC', '2026-11-30T15:00:00.000Z'],
      ['adjustment', '-0.50', '-0.50', '0.00', 'adjustment:1', '2026-11-30T14:59:59.000Z'],
      ['withdrawal_release', '0.00', '600.00', '-600.00', 'withdrawal:1', '2026-11-12T03:00:00.000Z'],
      // The payout is the money that left: out of held cash, so available cash does not move.
      ['withdrawal_payout', '-400.00', '0.00', '-400.00', 'withdrawal:1', '2026-11-11T03:00:00.000Z'],
      ['withdrawal_hold', '0.00', '-1000.00', '1000.00', 'bank-account:1', '2026-11-10T03:00:00.000Z'],
      ['deposit', '2500.50', '2500.50', '0.00', 'bank:A,"1"', '2026-10-31T15:00:00.000Z'],
      ['deposit', '10000.00', '10000.00', '0.00', 'bank:OCT', '2026-10-31T14:59:59.000Z'],
    ]);
    // Income less expenditure is what the cash (available and held) holds now: each yen counted once.
    const net = result.data.items.reduce((sum, e) => sum + Math.round(Number(e.cashChange) * 100), 0);
    expect(net).toBe(1_210_100);
    expect(result.data.nextCursor).toBeNull();
  });

  it('filters by the month in Japan time', async () => {
    const refs = async (month: string) =>
      (await ledger(alice, `?month=${month}`)).data.items.map((e) => e.reference);
    expect(await refs('2026-10')).toEqual(['bank:OCT']);
    expect(await refs('2026-11')).toEqual([
      'adjustment:1',
      'withdrawal:1',
      'withdrawal:1',
      'bank-account:1',
      'bank:A,"1"',
    ]);
    expect(await refs('2026-12')).toEqual(['bank:DEC']);
    expect(await refs('2026-09')).toEqual([]);
  });

  it('filters by kind, and by kind and month together', async () => {
    const kinds = async (query: string) => (await ledger(alice, query)).data.items.map((e) => e.kind);
    expect(await kinds('?kind=deposit')).toEqual(['deposit', 'deposit', 'deposit']);
    expect(await kinds('?kind=withdrawal_hold')).toEqual(['withdrawal_hold']);
    expect(await kinds('?kind=deposit&month=2026-11')).toEqual(['deposit']);
    expect(await kinds('?kind=adjustment&month=2026-10')).toEqual([]);
  });

  it('pages with the cursor: every entry once, in order, and the last page says so', async () => {
    const everything = (await ledger(alice, '?limit=100')).data.items.map((e) => e.id);
    expect(everything).toHaveLength(7);
    for (const limit of [1, 2, 3, 6, 7]) {
      const pages = await allPages(alice, `limit=${limit}`);
      const ids = pages.flatMap((p) => p.items.map((e) => e.id));
      expect(ids, `limit ${limit}`).toEqual(everything);
      expect(new Set(ids).size).toBe(ids.length);
      expect(pages.slice(0, -1).every((p) => p.items.length === limit)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    // A full last page cannot know it is the last: the next one is empty.
    const seven = await allPages(alice, 'limit=7');
    expect(seven.map((p) => p.items.length)).toEqual([7, 0]);
  });

  it('pages within a filter', async () => {
    const pages = await allPages(alice, 'month=2026-11&limit=2');
    expect(pages.map((p) => p.items.map((e) => e.kind))).toEqual([
      ['adjustment', 'withdrawal_release'],
      ['withdrawal_payout', 'withdrawal_hold'],
      ['deposit'],
    ]);
  });

  it('defaults to 30 entries a page', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 31; i += 1) await write('deposit', user, '1', '2026-11-20T00:00:00Z');
    const first = await ledger(user);
    expect(first.data.items).toHaveLength(30);
    const second = await ledger(user, `?cursor=${first.data.nextCursor}`);
    expect(second.data.items).toHaveLength(1);
    expect(second.data.nextCursor).toBeNull();
  });

  it.each([
    '?month=2026-13',
    '?month=2026-1',
    '?month=202611',
    '?month=2026-11-01',
    '?kind=transfer',
    '?cursor=abc',
    '?cursor=-1',
    '?limit=0',
    '?limit=101',
    '?limit=ten',
  ])('refuses %s as invalid input', async (query) => {
    expect(await ledger(alice, query)).toMatchObject({
      status: 400,
      code: 0,
      errorCode: 'VALIDATION_FAILED',
    });
  });

  it('explains invalid input in the language asked for', async () => {
    const ja = await ledger(alice, '?month=2026-13&lang=ja');
    const en = await ledger(alice, '?month=2026-13&lang=en');
    expect(ja.msg).toMatch(/^入力内容に誤りがあります/);
    expect(en.msg).toMatch(/^Invalid input/);
  });

  it("never shows another investor's entries, whatever the filter or cursor", async () => {
    const bobs = (await ledger(bob)).data.items;
    expect(bobs.map((e) => [e.kind, e.reference])).toEqual([
      ['withdrawal_hold', 'bank-account:2'],
      ['deposit', 'bank:BOB'],
    ]);
    const alices = new Set((await ledger(alice, '?limit=100')).data.items.map((e) => e.id));
    for (const entry of bobs) expect(alices.has(entry.id)).toBe(false);
    // A cursor taken from the other's page only moves within the caller's own entries.
    const fromBobsCursor = await ledger(alice, `?cursor=${bobs[0]!.id}`);
    expect(fromBobsCursor.data.items.every((e) => alices.has(e.id))).toBe(true);
    expect((await ledger(bob, '?kind=withdrawal_payout')).data.items).toEqual([]);
    const newcomer = await registerUser(t);
    expect((await ledger(newcomer)).data).toEqual({ items: [], nextCursor: null });
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/account/ledger')).status).toBe(401);
    expect((await get(t.app, '/api/account/ledger', 'not-a-token')).status).toBe(401);
  });
});

describe('GET /api/account/ledger.csv', () => {
  const csv = (user: Registered, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/account/ledger.csv${query}`, headers: { token: user.token } });

  it('is UTF-8 with a byte-order mark, CRLF line ends, a download name, and Japan time', async () => {
    const response = await csv(alice, '?lang=ja');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="kabuto-ledger.csv"');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n')).toEqual([
      '日時,取引種別,銘柄コード,銘柄名,入金額,出金額,拘束金の増減,参照',
      '2026/12/01 00:00:00,入金,,,1.00,,,bank:DEC',
      '2026/11/30 23:59:59,残高調整,,,,0.50,,adjustment:1',
      '2026/11/12 12:00:00,出金取消（拘束解除）,,,,,-600.00,withdrawal:1',
      '2026/11/11 12:00:00,出金,,,,400.00,-400.00,withdrawal:1',
      '2026/11/10 12:00:00,出金依頼（拘束）,,,,,1000.00,bank-account:1',
      '2026/11/01 00:00:00,入金,,,2500.50,,,"bank:A,""1"""',
      '2026/10/31 23:59:59,入金,,,10000.00,,,bank:OCT',
      '',
    ]);
  });

  it('names its columns and kinds in the language asked for, English by default', async () => {
    const firstTwo = async (query: string) =>
      (await csv(alice, query)).rawPayload.subarray(3).toString('utf8').split('\r\n').slice(0, 2);
    expect(await firstTwo('')).toEqual([
      'Time,Type,Stock code,Stock name,Income,Expenditure,Change in held funds,Reference',
      '2026/12/01 00:00:00,Deposit,,,1.00,,,bank:DEC',
    ]);
    expect(await firstTwo('?lang=zh-CN')).toEqual([
      '时间,类型,股票代码,股票名称,收入,支出,冻结资金变动,参考',
      '2026/12/01 00:00:00,入金,,,1.00,,,bank:DEC',
    ]);
    expect(await firstTwo('?lang=fr')).not.toEqual(await firstTwo('?lang=en'));
  });

  it('takes the month and kind filters', async () => {
    const rows = async (query: string) =>
      (await csv(alice, query)).rawPayload.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    expect(await rows('?month=2026-10')).toEqual(['2026/10/31 23:59:59,Deposit,,,10000.00,,,bank:OCT']);
    expect((await rows('?month=2026-11&kind=deposit')).map((r) => r.split(',')[0])).toEqual([
      '2026/11/01 00:00:00',
    ]);
    expect(await rows('?month=2026-09')).toEqual([]);
  });

  it("holds only the caller's entries", async () => {
    const text = (await csv(bob)).rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n').slice(1, -1)).toEqual([
      '2026/11/13 12:00:00,Withdrawal requested (held),,,,,100.00,bank-account:2',
      '2026/11/05 10:00:00,Deposit,,,777.00,,,bank:BOB',
    ]);
    expect(text).not.toContain('bank:OCT');
  });

  it('never hands a spreadsheet a formula: text starting with = + - @ is prefixed, numbers are not', async () => {
    const carol = await registerUser(t);
    await write('deposit', carol, '10', '2026-11-20T03:00:00Z', '=HYPERLINK("http://x","y")');
    await write('deposit', carol, '10', '2026-11-20T03:00:01Z', '@SUM(A1)');
    await write('deposit', carol, '10', '2026-11-20T03:00:02Z', '-2+3');
    await write('adjust', carol, '-1', '2026-11-20T03:00:03Z', 'plain');
    const text = (await csv(carol)).rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n').slice(1, -1)).toEqual([
      '2026/11/20 12:00:03,Adjustment,,,,1.00,,plain',
      "2026/11/20 12:00:02,Deposit,,,10.00,,,'-2+3",
      "2026/11/20 12:00:01,Deposit,,,10.00,,,'@SUM(A1)",
      `2026/11/20 12:00:00,Deposit,,,10.00,,,"'=HYPERLINK(""http://x"",""y"")"`,
    ]);
  });

  it('refuses invalid filters with the JSON error envelope, and needs a session', async () => {
    const bad = await csv(alice, '?month=2026-13&lang=ja');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 0, errorCode: 'VALIDATION_FAILED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/ledger.csv' })).statusCode).toBe(401);
  });
});
