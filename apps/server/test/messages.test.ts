import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

/** Leaves a committed message for a user, as another module would inside its own operation. */
async function leave(user: Registered, amount: string) {
  t.clock.advance(1);
  const at = t.clock.now();
  await t.ctx.transact((tx) => notify(tx.db, BigInt(user.userId), 'deposit_credited', { amount }, at));
}

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
    const admin = await staffToken(t);
    const notice = await post(
      t.app,
      '/api/staff/notices',
      { title: '年末年始の営業', body: '12/31〜1/3 は休業です。' },
      admin,
    );
    expect(notice.code).toBe(1);
    await leave(user, '8000.00');

    const pages = await allPages(user, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3]);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.id)).size).toBe(9);
    const times = items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items[0]).toMatchObject({ source: 'message', kind: 'deposit_credited' });
    expect(items[1]).toMatchObject({ source: 'notice', kind: null, title: '年末年始の営業', read: false });
    expect(items.at(-1)?.body).toContain('1,000.00');
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

  it('refuses a malformed cursor or limit with a localised message', async () => {
    const user = await registerUser(t);
    const forged = Buffer.from('["yesterday","message","1"]').toString('base64url');
    for (const query of [`cursor=${forged}`, 'cursor=%24%24', 'limit=0', 'limit=51']) {
      const result = await get(t.app, `/api/messages?lang=en&${query}`, user.token);
      expect(result).toMatchObject({ status: 400, code: 0, errorCode: 'VALIDATION_FAILED' });
      expect(result.msg).not.toBe('VALIDATION_FAILED');
    }
  });

  it('shows a new user only notices published since the account was opened', async () => {
    const admin = await staffToken(t);
    await post(t.app, '/api/staff/notices', { title: 'Old notice', body: 'Before you joined.' }, admin);
    t.clock.advance(1);
    const user = await registerUser(t);
    const page = await get<Page>(t.app, '/api/messages', user.token);
    expect(page.data.items.map((item) => item.title)).not.toContain('Old notice');
    expect(await unread(user)).toBe(0);
    const stale = await get<{ items: { id: string; title: string }[] }>(t.app, '/api/staff/notices', admin);
    const old = stale.data.items.find((n) => n.title === 'Old notice');
    expect((await post(t.app, `/api/messages/n${old?.id}/read`, {}, user.token)).status).toBe(404);
  });
});

describe('read state', () => {
  it('counts unread, marks one read (idempotently) and then all', async () => {
    const user = await registerUser(t);
    await leave(user, '100.00');
    await leave(user, '200.00');
    t.clock.advance(1);
    const admin = await staffToken(t);
    await post(
      t.app,
      '/api/staff/notices',
      { title: 'メンテナンスのお知らせ', body: '土曜日 2:00〜6:00' },
      admin,
    );
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
    expect(item?.body).toContain('みずほ銀行 ***567');
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

  it('leaves nothing when the login fails', async () => {
    const user = await registerUser(t);
    const wrong = await post(t.app, '/api/auth/login', { account: user.mobile, password: 'wrong-pass' });
    expect(wrong.code).toBe(0);
    expect(await unread(user)).toBe(0);
  });
});

describe('staff notices', () => {
  it('broadcasts a notice that reaches investors, and audits it', async () => {
    const user = await registerUser(t);
    t.clock.advance(1);
    const admin = await staffToken(t);
    const created = await post<{ id: string; title: string; createdBy: string }>(
      t.app,
      '/api/staff/notices',
      { title: '  システムメンテナンスのお知らせ ', body: '11月30日 2:00〜6:00 はご利用いただけません。' },
      admin,
    );
    expect(created.data).toMatchObject({ title: 'システムメンテナンスのお知らせ', createdBy: 'admin' });

    const [item] = (await get<Page>(t.app, '/api/messages?lang=en', user.token)).data.items;
    expect(item).toMatchObject({
      id: `n${created.data.id}`,
      source: 'notice',
      title: 'システムメンテナンスのお知らせ',
      read: false,
    });
    expect(await unread(user)).toBe(1);

    const list = await get<{ items: { id: string }[]; total: number }>(t.app, '/api/staff/notices', admin);
    expect(list.data.items[0]?.id).toBe(created.data.id);

    const audit = await get<{
      items: { action: string; targetId: string; before: unknown; after: unknown }[];
    }>(t.app, '/api/staff/audit-log?action=notice.create', admin);
    expect(audit.data.items[0]).toMatchObject({
      action: 'notice.create',
      targetId: created.data.id,
      before: null,
    });
    expect(audit.data.items[0]?.after).toMatchObject({ title: 'システムメンテナンスのお知らせ' });
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

    const support = await createStaff(t, 'support-notices', 'support');
    const supportToken = await staffToken(t, support.username, support.password, support.secret);
    expect((await get(t.app, '/api/staff/notices', supportToken)).status).toBe(200);
  });
});
