import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageKind, MessageParams } from '@kabuto/contract';
import { notify } from '../src/modules/messaging';
import {
  createStaff,
  createTestApp,
  get,
  post,
  registerUser,
  staffToken,
  type Registered,
  type TestApp,
} from './harness';

let t: TestApp;
/** A support member: the second person who approves the notices the admin writes. */
let member: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await createStaff(t, 'notice-reviewer', 'support');
});
/** A fresh session each time: the tests move the clock past a staff session's idle timeout. */
const reviewerToken = () => staffToken(t, member.username, member.password, member.secret);
afterAll(() => t.close());

interface StaffNotice {
  id: string;
  title: string;
  status: string;
  createdBy: string;
  reviewedBy: string | null;
  reviewReason: string | null;
  publishedAt: string | null;
}

/** Writes a notice as the admin and has the support member approve it: what every investor then sees. */
async function publish(title: string, body: string) {
  const admin = await staffToken(t);
  const written = await post<StaffNotice>(t.app, '/api/staff/notices', { title, body }, admin);
  expect(written.data.status).toBe('pending');
  const approved = await post<StaffNotice>(
    t.app,
    `/api/staff/notices/${written.data.id}/approve`,
    {},
    await reviewerToken(),
  );
  expect(approved.data.status).toBe('approved');
  return approved.data;
}

interface Item {
  id: string;
  source: 'message' | 'notice';
  kind: string | null;
  title: string;
  body: string;
  read: boolean;
  createdAt: string;
}
type Page = { items: Item[]; nextCursor: string | null };

/**
 * Leaves a committed message for a user a moment after the last, as another module would inside its own
 * operation, so the inbox lists them in the order they were left.
 */
async function leaveMessage<K extends MessageKind>(user: Registered, kind: K, params: MessageParams[K]) {
  t.clock.advance(1);
  const at = t.clock.now();
  await t.ctx.transact((tx) => notify(tx.db, BigInt(user.userId), kind, params, at));
}

const leave = (user: Registered, amount: string) => leaveMessage(user, 'deposit_credited', { amount });

/** The user's messages' bodies in `lang`, newest first. */
const bodiesOf = async (user: Registered, lang: string) =>
  (await get<Page>(t.app, `/api/messages?lang=${lang}`, user.token)).data.items.map((item) => item.body);

const unread = async (user: Registered) =>
  (await get<{ count: number }>(t.app, '/api/messages/unread-count', user.token)).data.count;

async function allPages(user: Registered, limit: number) {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/messages?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await get<Page>(t.app, query, user.token);
    expect(page.code).toBe(1);
    pages.push(page.data.items);
    cursor = page.data.nextCursor;
  } while (cursor);
  return pages;
}

describe('GET /api/messages', () => {
  it('pages newest first with a cursor, each item once, messages and notices merged', async () => {
    const user = await registerUser(t);
    for (let i = 1; i <= 7; i += 1) await leave(user, `${i}000.00`);
    t.clock.advance(1);
    await publish('年末年始の営業', '12/31〜1/3 は休業です。');
    await leave(user, '8000.00');

    const pages = await allPages(user, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3]);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.id)).size).toBe(9);
    const times = items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items[0]).toMatchObject({ source: 'message', kind: 'deposit_credited' });
    expect(items[1]).toMatchObject({ source: 'notice', kind: null, title: '年末年始の営業', read: false });
    expect(items.at(-1)?.body).toContain('deposit of ¥1,000');
  });

  it('renders a message in the request language, never as stored text', async () => {
    const user = await registerUser(t);
    await leave(user, '1234567.50');
    const ja = await get<Page>(t.app, '/api/messages?lang=ja', user.token);
    expect(ja.data.items[0]).toMatchObject({
      title: 'ご入金反映のお知らせ',
      body: '1,234,567.50円のご入金をお客様の口座に反映いたしました。',
    });
    const en = await get<Page>(t.app, '/api/messages?lang=en', user.token);
    expect(en.data.items[0]?.title).toBe('Deposit credited');
    expect(en.data.items[0]?.id).toBe(ja.data.items[0]?.id);
  });

  it('states a margin call without an amount when its row was stored before the shortfall was', async () => {
    const user = await registerUser(t);
    await leaveMessage(user, 'margin_call', { ratio: '18.50', deadline: '2026/11/30' });
    const [ja] = await bodiesOf(user, 'ja');
    expect(ja).toBe(
      '委託保証金維持率が18.50%に低下し、追証が発生しました。2026/11/30(月)までに入金または建玉の決済により維持率を回復してください。期限を過ぎると建玉を強制決済します。',
    );
  });

  it('names a fill’s order as its screens do, and a fill stored before the side was without it', async () => {
    const user = await registerUser(t);
    const fill = {
      code: '7203',
      nameJa: 'トヨタ自動車',
      nameEn: 'Toyota Motor',
      lots: '1',
      price: '2800.00',
    };
    await leaveMessage(user, 'order_filled', fill);
    await leaveMessage(user, 'order_filled', { ...fill, side: 'long', margin: 'false' });
    await leaveMessage(user, 'order_filled', { ...fill, side: 'short', margin: 'true' });
    expect(await bodiesOf(user, 'ja')).toEqual([
      'トヨタ自動車（7203）100株の新規売（信用）注文が2,800円で約定しました。',
      'トヨタ自動車（7203）100株の新規買注文が2,800円で約定しました。',
      'トヨタ自動車（7203）100株の新規注文が2,800円で約定しました。',
    ]);
    expect((await bodiesOf(user, 'en'))[0]).toBe(
      'Your order (Sell to open, on margin) for 100 shares of Toyota Motor (7203) was filled at ¥2,800.',
    );
  });

  it('writes a loss with its sign before the currency in every language', async () => {
    const user = await registerUser(t);
    await leaveMessage(user, 'position_closed', {
      code: '7203',
      nameJa: 'トヨタ自動車',
      nameEn: 'Toyota Motor',
      lots: '2',
      price: '2750.00',
      amount: '-10000.00',
    });
    const bodies = new Map<string, string>();
    for (const lang of ['ja', 'zh-CN', 'en', 'es', 'fr']) bodies.set(lang, (await bodiesOf(user, lang))[0]!);
    expect(bodies.get('ja')).toContain('売買損益（手数料・金利等控除前）は-10,000円です。');
    expect(bodies.get('zh-CN')).toContain('-10,000日元。');
    for (const lang of ['en', 'es', 'fr']) {
      expect(bodies.get(lang)).toContain('-¥10,000.');
      expect(bodies.get(lang)).toContain('¥2,750');
      expect(bodies.get(lang)).not.toContain('¥-');
    }
  });

  it('says what closed a position; a message stored before it said so reads as it did', async () => {
    const user = await registerUser(t);
    const closed = {
      code: '7203',
      nameJa: 'トヨタ自動車',
      nameEn: 'Toyota Motor',
      lots: '1',
      price: '2790.00',
      amount: '-1050.00',
    };
    await leaveMessage(user, 'position_closed', closed);
    for (const closedBy of ['user', 'forced', 'stop_loss'] as const)
      await leaveMessage(user, 'position_closed', { ...closed, closedBy });
    expect(await bodiesOf(user, 'ja')).toEqual([
      'トヨタ自動車（7203）100株の建玉を、設定した損切りの価格に達したため2,790円で決済しました。売買損益（手数料・金利等控除前）は-1,050円です。',
      'トヨタ自動車（7203）100株の建玉を、委託保証金維持率の低下により2,790円で決済しました。売買損益（手数料・金利等控除前）は-1,050円です。',
      'トヨタ自動車（7203）100株の建玉を、返済注文により2,790円で決済しました。売買損益（手数料・金利等控除前）は-1,050円です。',
      'トヨタ自動車（7203）100株の建玉を2,790円で決済しました。売買損益（手数料・金利等控除前）は-1,050円です。',
    ]);
    expect((await bodiesOf(user, 'en'))[0]).toBe(
      'Your position of 100 shares of Toyota Motor (7203) was closed at ¥2,790 as the price reached your stop-loss. Gain or loss on the price, before fees and interest: -¥1,050.',
    );
  });

  it("lists one filter at a time (取引, 入出金, その他 with the firm's notices), paged, the caller's own only", async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const fill = { code: '7203', lots: '1', price: '2800.00', side: 'long', margin: 'false' } as const;
    await leaveMessage(user, 'order_filled', fill);
    await leave(user, '1000.00');
    await leaveMessage(user, 'new_device_login', { at: t.clock.now().toISOString(), ip: '203.0.113.9' });
    await leaveMessage(user, 'position_closed', { ...fill, amount: '100.00', closedBy: 'user' });
    await leaveMessage(other, 'order_filled', fill);
    t.clock.advance(1);
    const notice = await publish('Filter notice', 'For every investor.');
    const listed = async (query: string) => {
      const page = await get<Page>(t.app, `/api/messages?lang=ja&${query}`, user.token);
      expect(page.code).toBe(1);
      return page.data;
    };
    const kinds = async (category: string) =>
      (await listed(`category=${category}`)).items.map((item) => item.kind ?? item.title);
    expect(await kinds('trading')).toEqual(['position_closed', 'order_filled']);
    expect(await kinds('funding')).toEqual(['deposit_credited']);
    expect(await kinds('other')).toEqual([notice.title, 'new_device_login']);
    expect((await listed('')).items.map((item) => item.kind ?? item.title)).toEqual([
      notice.title,
      'position_closed',
      'new_device_login',
      'deposit_credited',
      'order_filled',
    ]);
    // A filter pages as the whole feed does: one at a time, the cursor keeps to the filter.
    const first = await listed('category=trading&limit=1');
    expect(first.items.map((item) => item.kind)).toEqual(['position_closed']);
    const second = await listed(`category=trading&limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.kind)).toEqual(['order_filled']);
    expect(second.nextCursor).toBeNull();
    const refused = await get(t.app, '/api/messages?lang=en&category=alerts', user.token);
    expect(refused).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
      msg: 'Invalid input: category',
    });
  });

  it('refuses a malformed cursor or limit with a localised message', async () => {
    const user = await registerUser(t);
    const cursor = (place: unknown[]) => Buffer.from(JSON.stringify(place)).toString('base64url');
    const forged = [
      cursor(['yesterday', 'message', '1']),
      // Dates JavaScript reads but the database cannot hold: once answered with a 500.
      cursor(['-271821-04-20T00:00:00.000Z', 'message', '1']),
      cursor(['+275760-09-13T00:00:00.000Z', 'notice', '1']),
      cursor(['0000-01-01T00:00:00Z', 'message', '1']),
      cursor(['0000-01-01T00:00:00.000Z', 'message', '1']),
      cursor(['2026-02-30T00:00:00.000Z', 'message', '1']),
      cursor(['2026-11-01T00:00:00.000Z', 'message', '0']),
      cursor(['2026-11-01T00:00:00.000Z', 'message', '1', 'more']),
    ];
    for (const query of [...forged.map((c) => `cursor=${c}`), 'cursor=%24%24', 'limit=0', 'limit=51']) {
      const result = await get(t.app, `/api/messages?lang=en&${query}`, user.token);
      expect(result).toMatchObject({ status: 400, code: 0, errorCode: 'VALIDATION_FAILED' });
      // The message names the parameter at fault, a forged cursor as much as a malformed one.
      expect(result.msg).toBe(`Invalid input: ${query.split('=')[0]}`);
    }
  });

  it('shows a new user only notices published since the account was opened', async () => {
    const old = await publish('Old notice', 'Before you joined.');
    t.clock.advance(1);
    const user = await registerUser(t);
    const page = await get<Page>(t.app, '/api/messages', user.token);
    expect(page.data.items.map((item) => item.title)).not.toContain('Old notice');
    expect(await unread(user)).toBe(0);
    expect((await post(t.app, `/api/messages/n${old.id}/read`, {}, user.token)).status).toBe(404);
  });
});

describe('read state', () => {
  it('counts unread, marks one read (idempotently) and then all', async () => {
    const user = await registerUser(t);
    await leave(user, '100.00');
    await leave(user, '200.00');
    t.clock.advance(1);
    await publish('メンテナンスのお知らせ', '土曜日 2:00〜6:00');
    expect(await unread(user)).toBe(3);

    const [latest, older] = (await get<Page>(t.app, '/api/messages', user.token)).data.items;
    expect(latest?.source).toBe('notice');
    const first = await post<{ count: number }>(t.app, `/api/messages/${older?.id}/read`, {}, user.token);
    expect(first.data.count).toBe(2);
    const again = await post<{ count: number }>(t.app, `/api/messages/${older?.id}/read`, {}, user.token);
    expect(again.data.count).toBe(2);
    const notice = await post<{ count: number }>(t.app, `/api/messages/${latest?.id}/read`, {}, user.token);
    expect(notice.data.count).toBe(1);

    const items = (await get<Page>(t.app, '/api/messages', user.token)).data.items;
    expect(items.map((item) => item.read)).toEqual([true, true, false]);

    const all = await post<{ count: number }>(t.app, '/api/messages/read-all', {}, user.token);
    expect(all.data.count).toBe(0);
    expect(await unread(user)).toBe(0);
    expect((await get<Page>(t.app, '/api/messages', user.token)).data.items.every((item) => item.read)).toBe(
      true,
    );
  });

  it('answers 404 for an id that does not exist and 400 for a malformed one', async () => {
    const user = await registerUser(t);
    expect(await post(t.app, '/api/messages/m999999/read', {}, user.token)).toMatchObject({
      status: 404,
      errorCode: 'NOT_FOUND',
    });
    expect(await post(t.app, '/api/messages/n999999/read', {}, user.token)).toMatchObject({ status: 404 });
    for (const id of ['12', 'x1', 'm0', 'm1a', `m${'9'.repeat(19)}`]) {
      const result = await post(t.app, `/api/messages/${id}/read?lang=ja`, {}, user.token);
      expect(result).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });
    }
  });
});

describe("another user's messages", () => {
  it('are refused on every endpoint and nothing is revealed or changed', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const othersBefore = await unread(other); // notices both of them see
    await leave(owner, '5000.00');
    const ownersBefore = await unread(owner);
    const [mine] = (await get<Page>(t.app, '/api/messages', owner.token)).data.items;
    expect(mine?.source).toBe('message');

    const seen = await get<Page>(t.app, '/api/messages', other.token);
    expect(seen.data.items.some((item) => item.id === mine?.id)).toBe(false);
    expect(JSON.stringify(seen.data)).not.toContain('5,000.00');
    expect(await unread(other)).toBe(othersBefore);

    const refused = await post(t.app, `/api/messages/${mine?.id}/read`, {}, other.token);
    const missing = await post(t.app, '/api/messages/m999999/read', {}, other.token);
    expect(refused).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    expect(refused.msg).toBe(missing.msg); // the same answer as for an id that does not exist
    expect((await post(t.app, '/api/messages/read-all', {}, other.token)).data).toEqual({ count: 0 });

    expect(await unread(owner)).toBe(ownersBefore);
    const after = (await get<Page>(t.app, '/api/messages', owner.token)).data.items;
    expect(after.find((item) => item.id === mine?.id)?.read).toBe(false);
  });

  it('needs a session on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages'],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/messages/m1/read'],
      ['POST', '/api/messages/read-all'],
    ] as const) {
      const result = method === 'GET' ? await get(t.app, url) : await post(t.app, url, {});
      expect(result).toMatchObject({ status: 401, code: 401 });
    }
  });
});

describe('notify', () => {
  it('writes in the caller transaction: a rolled-back operation leaves no message', async () => {
    const user = await registerUser(t);
    const failure = new Error('the operation failed after notifying');
    await expect(
      t.ctx.transact(async (tx) => {
        await notify(tx.db, BigInt(user.userId), 'withdrawal_requested', { amount: '10000.00' });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await unread(user)).toBe(0);
    expect((await get<Page>(t.app, '/api/messages', user.token)).data.items).toEqual([]);
    const rows = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores the kind and parameters, not text', async () => {
    const user = await registerUser(t);
    await t.ctx.transact((tx) =>
      notify(tx.db, BigInt(user.userId), 'bank_account_added', {
        bankName: 'みずほ銀行',
        accountNumber: '1234567',
      }),
    );
    const row = await t.ctx.db
      .selectFrom('messages')
      .select(['kind', 'params'])
      .where('user_id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      kind: 'bank_account_added',
      params: { bankName: 'みずほ銀行', accountNumber: '1234567' },
    });
    const [item] = (await get<Page>(t.app, '/api/messages?lang=en', user.token)).data.items;
    expect(item?.body).toContain('みずほ銀行 ****4567');
    expect(item?.body).not.toContain('1234567');
  });
});

describe('new-device login', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it('leaves a message for a device without a known device token, and none for a known one', async () => {
    const user = await registerUser(t);
    expect(await unread(user)).toBe(0); // registering is not a login from a new device
    const login = (deviceToken?: string) =>
      post<{ token: string; deviceToken: string }>(
        t.app,
        '/api/auth/login?lang=ja',
        { account: user.mobile, password: user.password, ...(deviceToken ? { deviceToken } : {}) },
        undefined,
        { headers: { 'user-agent': iphone }, remoteAddress: '203.0.113.7' },
      );
    const first = await login();
    expect(first.code).toBe(1);
    const page = await get<Page>(t.app, '/api/messages?lang=ja', first.data.token);
    expect(page.data.items).toHaveLength(1);
    expect(page.data.items[0]).toMatchObject({
      kind: 'new_device_login',
      title: '新しい端末からのログインのお知らせ',
    });
    expect(page.data.items[0]?.body).toContain('Safari · iPhone');
    expect(page.data.items[0]?.body).toContain('203.0.113.7');
    expect(page.data.items[0]?.body).toContain('2026/11/24');

    await login(first.data.deviceToken);
    expect(await unread(user)).toBe(1);
    await login('not-a-token-this-account-knows');
    expect(await unread(user)).toBe(2);
  });

  it("names a device it cannot read as 設定 does, 不明な端末, in the reader's language", async () => {
    const user = await registerUser(t);
    const first = await post<{ token: string }>(
      t.app,
      '/api/auth/login',
      { account: user.mobile, password: user.password },
      undefined,
      { headers: { 'user-agent': '' }, remoteAddress: '203.0.113.8' },
    );
    expect(first.code).toBe(1);
    const bodyIn = async (lang: string) =>
      (await get<Page>(t.app, `/api/messages?lang=${lang}`, first.data.token)).data.items[0]?.body;
    expect(await bodyIn('ja')).toContain('新しい端末（不明な端末、IPアドレス：203.0.113.8）');
    expect(await bodyIn('en')).toContain('(Unknown device, IP address 203.0.113.8)');
    expect(await bodyIn('ja')).not.toContain('—');
  });

  it('leaves nothing when the login fails', async () => {
    const user = await registerUser(t);
    const wrong = await post(t.app, '/api/auth/login', { account: user.mobile, password: 'wrong-pass' });
    expect(wrong.code).toBe(0);
    expect(await unread(user)).toBe(0);
  });
});

describe('staff notices (written by one staff member, approved by another)', () => {
  it('reaches investors only once a different staff member approves it, and audits each step', async () => {
    const user = await registerUser(t);
    t.clock.advance(1);
    const admin = await staffToken(t);
    const written = await post<StaffNotice>(
      t.app,
      '/api/staff/notices',
      { title: '  システムメンテナンスのお知らせ ', body: '11月30日 2:00〜6:00 はご利用いただけません。' },
      admin,
    );
    expect(written.data).toMatchObject({
      title: 'システムメンテナンスのお知らせ',
      status: 'pending',
      createdBy: 'admin',
      reviewedBy: null,
      publishedAt: null,
    });
    const feedOf = async () => {
      const page = await get<Page>(t.app, '/api/messages?lang=en', user.token);
      if (!page.data) throw new Error(JSON.stringify(page));
      return page.data.items;
    };
    expect((await feedOf()).some((item) => item.id === `n${written.data.id}`)).toBe(false);
    expect(await unread(user)).toBe(0);
    expect((await post(t.app, `/api/messages/n${written.data.id}/read`, {}, user.token)).status).toBe(404);

    const own = await post(t.app, `/api/staff/notices/${written.data.id}/approve?lang=ja`, {}, admin);
    expect(own).toMatchObject({ status: 409, errorCode: 'SECOND_APPROVER_MUST_DIFFER' });
    expect(await unread(user)).toBe(0);

    // Published when approved: an investor who joined after it was written but before approval sees it.
    t.clock.advance(60);
    const latecomer = await registerUser(t);
    t.clock.advance(60);
    const approved = await post<StaffNotice>(
      t.app,
      `/api/staff/notices/${written.data.id}/approve`,
      {},
      await reviewerToken(),
    );
    expect(approved.data).toMatchObject({
      status: 'approved',
      createdBy: 'admin',
      reviewedBy: 'notice-reviewer',
      publishedAt: t.clock.now().toISOString(),
    });
    const [item] = await feedOf();
    expect(item).toMatchObject({
      id: `n${written.data.id}`,
      source: 'notice',
      title: 'システムメンテナンスのお知らせ',
      read: false,
      createdAt: approved.data.publishedAt,
    });
    expect(await unread(user)).toBe(1);
    expect(await unread(latecomer)).toBe(1);

    const again = await post(
      t.app,
      `/api/staff/notices/${written.data.id}/approve?lang=en`,
      {},
      await reviewerToken(),
    );
    expect(again).toMatchObject({ status: 409, errorCode: 'NOTICE_NOT_PENDING' });
    expect(again.msg).not.toBe('NOTICE_NOT_PENDING');

    const list = await get<{ items: StaffNotice[] }>(t.app, '/api/staff/notices?status=approved', admin);
    expect(list.data.items[0]?.id).toBe(written.data.id);

    type AuditPage = {
      items: { action: string; targetId: string; staff: string; before: unknown; after: unknown }[];
    };
    const created = await get<AuditPage>(t.app, '/api/staff/audit-log?action=notice.create', admin);
    expect(created.data.items[0]).toMatchObject({ targetId: written.data.id, before: null });
    expect(created.data.items[0]?.after).toMatchObject({ title: 'システムメンテナンスのお知らせ' });
    const approval = await get<AuditPage>(t.app, '/api/staff/audit-log?action=notice.approve', admin);
    expect(approval.data.items[0]).toMatchObject({
      targetId: written.data.id,
      before: { status: 'pending' },
      after: { status: 'approved', publishedAt: approved.data.publishedAt },
    });
    const looked = await get<{ items: { after: { status?: string; shown: string[] } }[] }>(
      t.app,
      '/api/staff/audit-log?action=notice.list',
      admin,
    );
    expect(looked.data.items[0]?.after).toMatchObject({ status: 'approved' });
    expect(looked.data.items[0]?.after.shown).toContain(written.data.id);
  });

  it('never reaches anyone once rejected; the reason is required, kept and audited', async () => {
    const user = await registerUser(t);
    t.clock.advance(1);
    const admin = await staffToken(t);
    const written = await post<StaffNotice>(
      t.app,
      '/api/staff/notices',
      { title: '入金先口座変更のお知らせ', body: '今後は下記の口座へお振り込みください。' },
      admin,
    );
    const path = `/api/staff/notices/${written.data.id}/reject`;
    expect(await post(t.app, `${path}?lang=ja`, { reason: ' ' }, await reviewerToken())).toMatchObject({
      status: 400,
      errorCode: 'REASON_REQUIRED',
    });
    expect(await post(t.app, path, { reason: '自分で書いたので' }, admin)).toMatchObject({
      status: 409,
      errorCode: 'SECOND_APPROVER_MUST_DIFFER',
    });
    const rejected = await post<StaffNotice>(
      t.app,
      path,
      { reason: '入金先の変更は案内しません' },
      await reviewerToken(),
    );
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      reviewedBy: 'notice-reviewer',
      reviewReason: '入金先の変更は案内しません',
      publishedAt: null,
    });
    expect(
      await post(t.app, `/api/staff/notices/${written.data.id}/approve`, {}, await reviewerToken()),
    ).toMatchObject({
      status: 409,
      errorCode: 'NOTICE_NOT_PENDING',
    });
    const feed = (await get<Page>(t.app, '/api/messages', user.token)).data.items;
    expect(feed.some((item) => item.title === '入金先口座変更のお知らせ')).toBe(false);
    expect(await unread(user)).toBe(0);
    const audit = await get<{ items: { targetId: string; reason: string | null }[] }>(
      t.app,
      '/api/staff/audit-log?action=notice.reject',
      admin,
    );
    expect(audit.data.items[0]).toMatchObject({
      targetId: written.data.id,
      reason: '入金先の変更は案内しません',
    });
  });

  it('answers 404 for a notice that does not exist, and the table refuses a self-approval too', async () => {
    const missing = await post(t.app, '/api/staff/notices/999999/approve?lang=en', {}, await reviewerToken());
    expect(missing).toMatchObject({ status: 404, errorCode: 'NOTICE_NOT_FOUND', msg: 'Notice not found' });
    const admin = await staffToken(t);
    const written = await post<StaffNotice>(t.app, '/api/staff/notices', { title: 't', body: 'b' }, admin);
    const author = await t.ctx.db
      .selectFrom('notices')
      .select('created_by_staff_id')
      .where('id', '=', BigInt(written.data.id))
      .executeTakeFirstOrThrow();
    await expect(
      t.ctx.db
        .updateTable('notices')
        .set({
          status: 'approved',
          reviewed_by_staff_id: author.created_by_staff_id,
          reviewed_at: new Date(),
          published_at: new Date(),
        })
        .where('id', '=', BigInt(written.data.id))
        .execute(),
    ).rejects.toThrow(/notices_second_person/);
  });

  it('refuses a missing title or body with its own localised message and stores nothing', async () => {
    const admin = await staffToken(t);
    const before = (await get<{ total: number }>(t.app, '/api/staff/notices', admin)).data.total;
    expect(await post(t.app, '/api/staff/notices?lang=ja', { title: ' ', body: 'x' }, admin)).toMatchObject({
      status: 400,
      errorCode: 'NOTICE_TITLE_REQUIRED',
      msg: 'タイトルを入力してください',
    });
    expect(await post(t.app, '/api/staff/notices?lang=en', { title: 'x' }, admin)).toMatchObject({
      status: 400,
      errorCode: 'NOTICE_BODY_REQUIRED',
      msg: 'Please enter the text',
    });
    const tooLong = await post(t.app, '/api/staff/notices', { title: 'x'.repeat(61), body: 'x' }, admin);
    expect(tooLong).toMatchObject({ status: 400 });
    expect((await get<{ total: number }>(t.app, '/api/staff/notices', admin)).data.total).toBe(before);
  });

  it('is refused to a role without notices.manage, and to investors', async () => {
    const dealer = await createStaff(t, 'dealer-notices', 'dealer');
    const token = await staffToken(t, dealer.username, dealer.password, dealer.secret);
    const before = (await t.ctx.db.selectFrom('notices').select('id').execute()).length;
    expect(await post(t.app, '/api/staff/notices', { title: 'x', body: 'y' }, token)).toMatchObject({
      status: 403,
      errorCode: 'STAFF_PERMISSION_DENIED',
    });
    expect(await get(t.app, '/api/staff/notices', token)).toMatchObject({ status: 403 });
    const investor = await registerUser(t);
    expect((await post(t.app, '/api/staff/notices', { title: 'x', body: 'y' }, investor.token)).status).toBe(
      401,
    );
    expect((await t.ctx.db.selectFrom('notices').select('id').execute()).length).toBe(before);

    const admin = await staffToken(t);
    const written = await post<StaffNotice>(t.app, '/api/staff/notices', { title: 'x', body: 'y' }, admin);
    for (const action of ['approve', 'reject']) {
      const path = `/api/staff/notices/${written.data.id}/${action}`;
      expect(await post(t.app, path, { reason: 'r' }, token)).toMatchObject({ status: 403 });
      expect((await post(t.app, path, { reason: 'r' }, investor.token)).status).toBe(401);
    }
    const still = await get<{ items: StaffNotice[] }>(t.app, '/api/staff/notices?status=pending', admin);
    expect(still.data.items.find((n) => n.id === written.data.id)?.status).toBe('pending');

    const support = await createStaff(t, 'support-notices', 'support');
    const supportToken = await staffToken(t, support.username, support.password, support.secret);
    expect((await get(t.app, '/api/staff/notices', supportToken)).status).toBe(200);
  });
  it('holds against a second session of the author, a concurrent approve and reject, and a disabled reviewer', async () => {
    const admin = await staffToken(t);
    const secondSession = await staffToken(t);
    const written = await post<StaffNotice>(t.app, '/api/staff/notices', { title: 'a', body: 'b' }, admin);
    const path = `/api/staff/notices/${written.data.id}`;
    expect((await post(t.app, `${path}/approve`, {}, secondSession)).errorCode).toBe(
      'SECOND_APPROVER_MUST_DIFFER',
    );

    const other = await createStaff(t, 'notice-reviewer-2', 'support');
    const otherToken = await staffToken(t, other.username, other.password, other.secret);
    const [approve, reject] = await Promise.all([
      post<StaffNotice>(t.app, `${path}/approve`, {}, await reviewerToken()),
      post<StaffNotice>(t.app, `${path}/reject`, { reason: 'no' }, otherToken),
    ]);
    expect([approve.code, reject.code].filter((code) => code === 1)).toHaveLength(1);
    expect([approve, reject].find((answer) => answer.code !== 1)?.errorCode).toBe('NOTICE_NOT_PENDING');
    const row = await t.ctx.db
      .selectFrom('notices')
      .selectAll()
      .where('id', '=', BigInt(written.data.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(approve.code === 1 ? 'approved' : 'rejected');

    const next = await post<StaffNotice>(t.app, '/api/staff/notices', { title: 'c', body: 'd' }, admin);
    const disabled = await post(t.app, `/api/staff/members/${other.id}/disable`, { reason: 'left' }, admin);
    expect(disabled.code).toBe(1);
    expect((await post(t.app, `/api/staff/notices/${next.data.id}/approve`, {}, otherToken)).status).toBe(
      401,
    );
    const still = await t.ctx.db
      .selectFrom('notices')
      .select('status')
      .where('id', '=', BigInt(next.data.id))
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending');
  });
});
