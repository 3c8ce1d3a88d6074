import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNDING_ENTRY_KINDS } from '@kabuto/contract';
import {
  adjustAvailableCash,
  postTradingEntries,
  type TradingEntry,
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
      '日時,取引種別,銘柄コード,銘柄名,入金額,出金額,拘束額の増減,預り金残高（拘束額を含む）,参照',
      '2026/12/01 00:00:00,入金,,,1.00,,,12101.00,照合番号 DEC',
      '2026/11/30 23:59:59,残高調整,,,,0.50,,12100.00,調整番号 1',
      '2026/11/12 12:00:00,出金取消（拘束解除）,,,,,-600.00,12100.50,出金番号 1',
      '2026/11/11 12:00:00,出金,,,,400.00,-400.00,12100.50,出金番号 1',
      // The bank account a withdrawal is held for is not named in the file: nothing internal shows.
      '2026/11/10 12:00:00,出金依頼（拘束）,,,,,1000.00,12500.50,',
      '2026/11/01 00:00:00,入金,,,2500.50,,,12500.50,"照合番号 A,""1"""',
      '2026/10/31 23:59:59,入金,,,10000.00,,,10000.00,照合番号 OCT',
      '',
    ]);
  });

  it('names its columns and kinds in the language asked for, English by default', async () => {
    const firstTwo = async (query: string) =>
      (await csv(alice, query)).rawPayload.subarray(3).toString('utf8').split('\r\n').slice(0, 2);
    expect(await firstTwo('')).toEqual([
      'Time,Type,Stock code,Stock name,Income,Expenditure,Change in held funds,Cash balance (incl. on hold),Reference',
      '2026/12/01 00:00:00,Deposit,,,1.00,,,12101.00,Bank reference DEC',
    ]);
    expect(await firstTwo('?lang=zh-CN')).toEqual([
      '时间,类型,股票代码,股票名称,收入,支出,冻结资金变动,托管资金余额（含冻结资金）,参考',
      '2026/12/01 00:00:00,入金,,,1.00,,,12101.00,对账编号 DEC',
    ]);
    expect(await firstTwo('?lang=fr')).not.toEqual(await firstTwo('?lang=en'));
  });

  it('takes the month and kind filters', async () => {
    const rows = async (query: string) =>
      (await csv(alice, query)).rawPayload.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    expect(await rows('?month=2026-10')).toEqual([
      '2026/10/31 23:59:59,Deposit,,,10000.00,,,10000.00,Bank reference OCT',
    ]);
    expect((await rows('?month=2026-11&kind=deposit')).map((r) => r.split(',')[0])).toEqual([
      '2026/11/01 00:00:00',
    ]);
    expect(await rows('?month=2026-09')).toEqual([]);
  });

  it("holds only the caller's entries", async () => {
    const text = (await csv(bob)).rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n').slice(1, -1)).toEqual([
      '2026/11/13 12:00:00,Withdrawal requested (held),,,,,100.00,777.00,',
      '2026/11/05 10:00:00,Deposit,,,777.00,,,777.00,Bank reference BOB',
    ]);
    expect(text).not.toContain('OCT');
    expect(text).not.toContain('12101.00');
  });

  it('never hands a spreadsheet a formula: text starting with = + - @ is prefixed, numbers are not', async () => {
    const carol = await registerUser(t);
    await write('deposit', carol, '10', '2026-11-20T03:00:00Z', 'bank:=HYPERLINK("http://x","y")');
    await write('deposit', carol, '10', '2026-11-20T03:00:01Z', '@SUM(A1)');
    await write('deposit', carol, '10', '2026-11-20T03:00:02Z', 'bank:-2+3');
    await write('adjust', carol, '-1', '2026-11-20T03:00:03Z', 'plain');
    const text = (await csv(carol, '?lang=ja')).rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n').slice(1, -1)).toEqual([
      '2026/11/20 12:00:03,残高調整,,,,1.00,,29.00,',
      '2026/11/20 12:00:02,入金,,,10.00,,,30.00,照合番号 -2+3',
      // A reference of no known form is not shown at all.
      '2026/11/20 12:00:01,入金,,,10.00,,,20.00,',
      `2026/11/20 12:00:00,入金,,,10.00,,,10.00,"照合番号 =HYPERLINK(""http://x"",""y"")"`,
    ]);
  });

  it("counts each investor's exports, from any address, apart from every other investor's", async () => {
    const limited = await createTestApp({ exportRateLimitMax: 2 });
    try {
      const [carol, erin] = [await registerUser(limited), await registerUser(limited)];
      const from = (user: Registered, remoteAddress: string) =>
        limited.app.inject({
          method: 'GET',
          url: '/api/account/ledger.csv?lang=ja',
          headers: { token: user.token },
          remoteAddress,
        });
      expect((await from(carol, '10.0.0.1')).statusCode).toBe(200);
      expect((await from(carol, '10.0.0.2')).statusCode).toBe(200);
      // A third address is the same investor: refused, in the investor's language.
      const refused = await from(carol, '10.0.0.3');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 0,
        errorCode: 'RATE_LIMITED',
        msg: 'リクエストが多すぎます。しばらくしてから再度お試しください',
      });
      // Another investor at the first one's address still has their own count.
      expect((await from(erin, '10.0.0.1')).statusCode).toBe(200);
      // HEAD is no second allowance: there is no HEAD route beside the export.
      const head = await limited.app.inject({
        method: 'HEAD',
        url: '/api/account/ledger.csv',
        headers: { token: carol.token },
      });
      expect(head.statusCode).toBe(404);
      // The JSON statement is not counted.
      const page = await limited.app.inject({
        method: 'GET',
        url: '/api/account/ledger',
        headers: { token: carol.token },
      });
      expect(page.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses invalid filters with the JSON error envelope, and needs a session', async () => {
    const bad = await csv(alice, '?month=2026-13&lang=ja');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 0, errorCode: 'VALIDATION_FAILED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/ledger.csv' })).statusCode).toBe(401);
  });
});

describe('the balance after each entry (預り金残高) and the two statements', () => {
  let dan: Registered;
  const trade = (kind: string, reference: string, at: string, transfers: TradingEntry['transfers']) =>
    t.ctx.transact((tx) =>
      postTradingEntries(tx.db, [
        {
          userId: BigInt(dan.userId),
          kind,
          reference,
          transfers,
          key: `${kind}:${++keys}`,
          actor: { kind: 'system' },
          at: new Date(at),
        },
      ]),
    );

  beforeAll(async () => {
    dan = await registerUser(t);
    await write('deposit', dan, '100000', '2026-11-01T01:00:00Z', 'bank:D1');
    await write('hold', dan, '20000', '2026-11-02T01:00:00Z', 'bank-account:9');
    await trade('order_hold', 'order:501', '2026-11-03T01:00:00Z', [
      { from: 'available', to: 'held', amount: 3_000_000n },
    ]);
    await trade('order_fill', 'order:501', '2026-11-04T01:00:00Z', [
      { from: 'held', to: 'margin', amount: 3_000_000n },
    ]);
    await write('payout', dan, '5000', '2026-11-05T01:00:00Z', 'withdrawal:7');
    await write('release', dan, '15000', '2026-11-06T01:00:00Z', 'withdrawal:7');
    await trade('position_close', 'position:501', '2026-11-07T01:00:00Z', [
      { from: 'margin', to: 'available', amount: 3_000_000n },
      { from: 'counterparty', to: 'available', amount: 120_000n },
    ]);
    await trade('interest', 'position:501', '2026-11-08T01:00:00Z', [
      { from: 'available', to: 'interest_income', amount: 5_000n },
    ]);
    await write('adjust', dan, '-0.5', '2026-11-30T14:59:59Z', 'adjustment:3');
    await write('deposit', dan, '1', '2026-11-30T15:00:00Z', 'bank:D2');
  });

  /** The sum of the user's cash postings (available and held) up to and including each entry, from the table. */
  async function postedCash(user: Registered) {
    const rows = await sql<{ entry_id: string; cash: string }>`
      SELECT e.id::text AS entry_id, (
        SELECT coalesce(sum(-p.amount), 0)::text FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = ${BigInt(user.userId)} AND a.kind IN ('cash_available', 'cash_held') AND p.entry_id <= e.id
      ) AS cash
      FROM journal_entries e`.execute(t.ctx.db);
    return new Map(rows.rows.map((row) => [row.entry_id, (Number(row.cash) / 100).toFixed(2)]));
  }

  it('is the cash, available and held together, after each entry, newest first', async () => {
    const items = (await ledger(dan, '?limit=100')).data.items as (Entry & { balanceAfter: string })[];
    expect(items.map((e) => [e.kind, e.balanceAfter])).toEqual([
      ['deposit', '96150.50'],
      ['adjustment', '96149.50'],
      ['interest', '96150.00'],
      ['position_close', '96200.00'],
      ['withdrawal_release', '65000.00'],
      ['withdrawal_payout', '65000.00'],
      ['order_fill', '70000.00'],
      ['order_hold', '100000.00'],
      ['withdrawal_hold', '100000.00'],
      ['deposit', '100000.00'],
    ]);
    const posted = await postedCash(dan);
    for (const entry of items) expect(entry.balanceAfter, entry.kind).toBe(posted.get(entry.id));
    // The newest line's balance is today's 預り金（拘束額を含む）.
    const now = (await get<{ available: string; held: string }>(t.app, '/api/account/balances', dan.token))
      .data;
    expect(Number(now.available) + Number(now.held)).toBe(Number(items[0]!.balanceAfter));
  });

  it.each([
    'limit=1',
    'limit=3',
    'month=2026-11&limit=4',
    'kind=deposit',
    'kind=order_fill',
    'group=funding&limit=2',
    'group=funding&month=2026-11&limit=3',
    'group=funding&kind=adjustment',
  ])('is the same on every page and under every filter (%s)', async (query) => {
    const posted = await postedCash(dan);
    const pages = await allPages(dan, query);
    const items = pages.flatMap((p) => p.items) as (Entry & { balanceAfter: string })[];
    expect(items.length).toBeGreaterThan(0);
    for (const entry of items)
      expect(entry.balanceAfter, `${query} ${entry.kind}`).toBe(posted.get(entry.id));
  });

  it('group=funding keeps deposits, withdrawals with their holds and releases, and adjustments', async () => {
    const all = (await ledger(dan, '?limit=100')).data.items;
    const funding = (await ledger(dan, '?group=funding&limit=100')).data.items;
    expect(funding.map((e) => e.kind)).toEqual([
      'deposit',
      'adjustment',
      'withdrawal_release',
      'withdrawal_payout',
      'withdrawal_hold',
      'deposit',
    ]);
    expect(funding.map((e) => e.id)).toEqual(
      all.filter((e) => (FUNDING_ENTRY_KINDS as readonly string[]).includes(e.kind)).map((e) => e.id),
    );
    expect((await ledger(dan, '?group=funding&kind=order_fill')).data.items).toEqual([]);
    expect(await ledger(dan, '?group=trading')).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
    });
  });

  it('the CSV has the balance column and references in the investor’s terms, and takes the group', async () => {
    const csvOf = async (user: Registered, query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/account/ledger.csv${query}`,
          headers: { token: user.token },
        })
      ).rawPayload;
    const bytes = await csvOf(dan, '?lang=ja');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.subarray(3).toString('utf8').split('\r\n').slice(1, -1);
    expect(rows.map((row) => row.split(',').slice(7))).toEqual([
      ['96150.50', '照合番号 D2'],
      ['96149.50', '調整番号 3'],
      ['96150.00', '建玉番号 501'],
      ['96200.00', '建玉番号 501'],
      ['65000.00', '出金番号 7'],
      ['65000.00', '出金番号 7'],
      ['70000.00', '注文番号 501'],
      ['100000.00', '注文番号 501'],
      ['100000.00', ''],
      ['100000.00', '照合番号 D1'],
    ]);
    const funding = (await csvOf(dan, '?lang=ja&group=funding')).subarray(3).toString('utf8');
    expect(funding).not.toContain('注文番号');
    expect(funding.split('\r\n').slice(1, -1)).toHaveLength(6);
  });

  it("another investor's token sees none of these entries nor their balances", async () => {
    const bobs = (await ledger(bob, '?limit=100')).data.items as (Entry & { balanceAfter: string })[];
    const dans = new Set((await ledger(dan, '?limit=100')).data.items.map((e) => e.id));
    expect(bobs.some((e) => dans.has(e.id))).toBe(false);
    expect(bobs.map((e) => e.balanceAfter)).toEqual(['777.00', '777.00']);
    const text = (
      await t.app.inject({
        method: 'GET',
        url: '/api/account/ledger.csv?group=funding',
        headers: { token: bob.token },
      })
    ).rawPayload.toString('utf8');
    expect(text).not.toContain('D1');
    expect(text).not.toContain('96150.50');
    expect((await get(t.app, '/api/account/ledger?group=funding')).status).toBe(401);
  });
});
