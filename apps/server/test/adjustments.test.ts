import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  get,
  post,
  registerVerifiedUser,
  staffToken,
  type Registered,
  type TestApp,
} from './harness';

// Manual adjustments of a user's available cash: one staff member asks, a different one approves (the entry
// is written) or rejects. Everything through the HTTP API.

let t: TestApp;
/** The seeded admin, and a finance member: both may adjust; compliance may not. */
let admin: string;
let finance: { id: string; username: string; password: string; secret: string };
let other: { id: string; username: string; password: string; secret: string };
let complianceMember: { id: string; username: string; password: string; secret: string };
beforeAll(async () => {
  t = await createTestApp();
  finance = await createStaff(t, 'finance-adj', 'finance');
  other = await createStaff(t, 'finance-adj-2', 'finance');
  complianceMember = await createStaff(t, 'compliance-adj', 'compliance');
});
afterAll(() => t.close());

let financeToken: string;
beforeEach(async () => {
  admin = await staffToken(t);
  financeToken = await staffToken(t, finance.username, finance.password, finance.secret);
});

interface Adjustment {
  id: string;
  userId: string;
  amount: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: string;
  reviewedBy: string | null;
  reviewReason: string | null;
  reviewedAt: string | null;
}
type Balances = { available: string; held: string; total: string };

let keys = 0;
const freshKey = () => `adj-${process.pid}-${++keys}`;
const request = (payload: object, token = admin, lang = 'en') =>
  post<Adjustment>(t.app, `/api/staff/adjustments?lang=${lang}`, payload, token);
const approve = (id: string, token: string, key = freshKey()) =>
  post<Adjustment>(t.app, `/api/staff/adjustments/${id}/approve`, {}, token, {
    headers: { 'idempotency-key': key },
  });
const reject = (id: string, reason: string, token: string) =>
  post<Adjustment>(t.app, `/api/staff/adjustments/${id}/reject`, { reason }, token);
const balances = async (user: Registered) =>
  (await get<Balances>(t.app, '/api/account/balances', user.token)).data;
const adjustmentEntries = async (user: Registered) =>
  (
    await get<{ items: { kind: string; reference: string; availableChange: string }[] }>(
      t.app,
      '/api/account/ledger?kind=adjustment',
      user.token,
    )
  ).data.items;

/** A registered investor with `yen` credited through the deposit endpoint. */
async function investorWith(yen: number): Promise<Registered> {
  const user = await registerVerifiedUser(t);
  if (yen > 0) {
    const credited = await post(
      t.app,
      '/api/staff/deposits',
      { userId: user.userId, amount: String(yen), bankReference: `ADJ-${process.pid}-${++keys}` },
      admin,
    );
    if (credited.code !== 1) throw new Error(`deposit: ${credited.errorCode}`);
  }
  return user;
}

describe('requesting an adjustment', () => {
  it('records it as pending and moves nothing', async () => {
    const user = await investorWith(10_000);
    const asked = await request({ userId: user.userId, amount: '2500.5', reason: 'fee refund' });
    expect(asked).toMatchObject({ status: 200, code: 1 });
    expect(asked.data).toMatchObject({
      userId: user.userId,
      amount: '2500.50',
      reason: 'fee refund',
      status: 'pending',
      reviewedBy: null,
      reviewedAt: null,
    });
    expect((await balances(user)).available).toBe('10000.00');
    expect(await adjustmentEntries(user)).toEqual([]);
    const pending = await get<{ items: Adjustment[] }>(t.app, '/api/staff/adjustments?status=pending', admin);
    expect(pending.data.items.map((a) => a.id)).toContain(asked.data.id);
    expect(pending.data.items.every((a) => a.status === 'pending')).toBe(true);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'reason'])
      .where('action', '=', 'adjustment.request')
      .where('target_id', '=', user.userId)
      .execute();
    expect(audit).toEqual([{ action: 'adjustment.request', target_id: user.userId, reason: 'fee refund' }]);
  });

  it('reads full-width digits, commas and a minus sign (a deduction)', async () => {
    const user = await investorWith(0);
    const wide = await request({ userId: user.userId, amount: '１，２３４.５', reason: 'x' });
    expect(wide.data.amount).toBe('1234.50');
    const minus = await request({ userId: user.userId, amount: '-300', reason: 'x' });
    expect(minus.data.amount).toBe('-300.00');
  });

  it.each([
    ['no user', () => ({ amount: '100', reason: 'x' }), 'USER_NOT_FOUND', 404],
    ['a malformed user id', () => ({ userId: 'abc', amount: '100', reason: 'x' }), 'USER_NOT_FOUND', 404],
    ['an unknown user', () => ({ userId: '999999999', amount: '100', reason: 'x' }), 'USER_NOT_FOUND', 404],
    ['no amount', (userId: string) => ({ userId, reason: 'x' }), 'AMOUNT_REQUIRED', 400],
    ['a blank amount', (userId: string) => ({ userId, amount: '  ', reason: 'x' }), 'AMOUNT_REQUIRED', 400],
    ['zero', (userId: string) => ({ userId, amount: '0', reason: 'x' }), 'AMOUNT_INVALID', 400],
    ['minus zero', (userId: string) => ({ userId, amount: '-0.00', reason: 'x' }), 'AMOUNT_INVALID', 400],
    ['three decimals', (userId: string) => ({ userId, amount: '1.234', reason: 'x' }), 'AMOUNT_INVALID', 400],
    ['words', (userId: string) => ({ userId, amount: 'ten', reason: 'x' }), 'AMOUNT_INVALID', 400],
    [
      'a comma out of place',
      (userId: string) => ({ userId, amount: '1,00', reason: 'x' }),
      'AMOUNT_INVALID',
      400,
    ],
    [
      'a space inside the number',
      (userId: string) => ({ userId, amount: '1 000', reason: 'x' }),
      'AMOUNT_INVALID',
      400,
    ],
    [
      'more than 100 billion yen',
      (userId: string) => ({ userId, amount: '100000000001', reason: 'x' }),
      'AMOUNT_INVALID',
      400,
    ],
    ['no reason', (userId: string) => ({ userId, amount: '100' }), 'REASON_REQUIRED', 400],
    [
      'a blank reason',
      (userId: string) => ({ userId, amount: '100', reason: '   ' }),
      'REASON_REQUIRED',
      400,
    ],
    [
      'a reason over 500 characters',
      (userId: string) => ({ userId, amount: '100', reason: 'x'.repeat(501) }),
      'VALIDATION_FAILED',
      400,
    ],
    [
      'a field of its own',
      (userId: string) => ({ userId, amount: '100', reason: 'x', status: 'approved' }),
      'UNKNOWN_FIELD',
      400,
    ],
  ] as const)('refuses %s', async (_name, payload, errorCode, status) => {
    const user = await investorWith(0);
    const result = await request(payload(user.userId));
    expect(result).toMatchObject({ status, code: 0, errorCode });
    const count = await t.ctx.db
      .selectFrom('ledger_adjustments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', BigInt(user.userId))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('explains a refusal in the language asked for', async () => {
    const user = await investorWith(0);
    const ja = await request({ userId: user.userId, amount: '100', reason: '' }, admin, 'ja');
    expect(ja).toMatchObject({ status: 400, errorCode: 'REASON_REQUIRED', msg: '理由を入力してください' });
    const en = await request({ userId: user.userId, amount: '0', reason: 'x' }, admin, 'en');
    expect(en).toMatchObject({ errorCode: 'AMOUNT_INVALID' });
    expect(en.msg).toMatch(/amount/i);
    const zh = await request({ userId: '999999999', amount: '1', reason: 'x' }, admin, 'zh-CN');
    expect(zh.errorCode).toBe('USER_NOT_FOUND');
    expect(zh.msg).not.toBe(en.msg);
    expect(zh.msg).not.toMatch(/[A-Za-z]{4}/);
  });
});

describe('approving', () => {
  it('by a second staff member writes one entry, moves the cash and records who did it', async () => {
    const user = await investorWith(10_000);
    const asked = await request({ userId: user.userId, amount: '-1234.56', reason: 'duplicate credit' });
    const approved = await approve(asked.data.id, financeToken);
    expect(approved).toMatchObject({ status: 200, code: 1 });
    expect(approved.data).toMatchObject({ status: 'approved', reviewedBy: finance.id });
    expect(approved.data.reviewedAt).not.toBeNull();
    expect((await balances(user)).available).toBe('8765.44');
    expect(await adjustmentEntries(user)).toEqual([
      expect.objectContaining({
        kind: 'adjustment',
        reference: `adjustment:${asked.data.id}`,
        availableChange: '-1234.56',
      }),
    ]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['staff_id', 'before', 'after'])
      .where('action', '=', 'adjustment.approve')
      .where('target_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(audit.staff_id).toBe(BigInt(finance.id));
    expect(audit.before).toMatchObject({ available: '10000.00', status: 'pending' });
    expect(audit.after).toMatchObject({ available: '8765.44', status: 'approved' });
    const verify = await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin);
    expect(verify.data.balanced).toBe(true);
  });

  it('is refused to the staff member who asked, and nothing moves', async () => {
    const user = await investorWith(1_000);
    const asked = await request({ userId: user.userId, amount: '500', reason: 'goodwill' });
    const self = await approve(asked.data.id, admin);
    expect(self).toMatchObject({ status: 409, errorCode: 'SECOND_APPROVER_MUST_DIFFER' });
    const ja = await post(t.app, `/api/staff/adjustments/${asked.data.id}/approve?lang=ja`, {}, admin, {
      headers: { 'idempotency-key': freshKey() },
    });
    expect(ja.msg).toBe('依頼した担当者とは別の担当者が承認してください');
    expect((await balances(user)).available).toBe('1000.00');
    expect(await adjustmentEntries(user)).toEqual([]);
    // Still pending: another staff member can approve it.
    expect((await approve(asked.data.id, financeToken)).data.status).toBe('approved');
    expect((await balances(user)).available).toBe('1500.00');
  });

  it('answers a retry with the same key with the first result, and moves the cash once', async () => {
    const user = await investorWith(1_000);
    const asked = await request({ userId: user.userId, amount: '100', reason: 'retry' });
    const key = freshKey();
    const first = await approve(asked.data.id, financeToken, key);
    const again = await approve(asked.data.id, financeToken, key);
    expect(first.data.status).toBe('approved');
    expect(again).toMatchObject({ status: 200, code: 1 });
    expect(again.data).toEqual(first.data);
    expect((await balances(user)).available).toBe('1100.00');
    expect(await adjustmentEntries(user)).toHaveLength(1);
  });

  it('refuses the same key for another adjustment, which stays pending', async () => {
    const user = await investorWith(1_000);
    const one = await request({ userId: user.userId, amount: '100', reason: 'one' });
    const two = await request({ userId: user.userId, amount: '200', reason: 'two' });
    const key = freshKey();
    expect((await approve(one.data.id, financeToken, key)).data.status).toBe('approved');
    const reused = await approve(two.data.id, financeToken, key);
    expect(reused).toMatchObject({ status: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await balances(user)).available).toBe('1100.00');
    const list = await get<{ items: Adjustment[] }>(t.app, '/api/staff/adjustments?pageSize=100', admin);
    expect(list.data.items.find((a) => a.id === two.data.id)?.status).toBe('pending');
    // The key is the approver's own: another staff member may use the same string.
    const otherToken = await staffToken(t, other.username, other.password, other.secret);
    expect((await approve(two.data.id, otherToken, key)).data.status).toBe('approved');
    expect((await balances(user)).available).toBe('1300.00');
  });

  it('refuses a malformed key', async () => {
    const user = await investorWith(0);
    const asked = await request({ userId: user.userId, amount: '100', reason: 'x' });
    expect(await approve(asked.data.id, financeToken, 'not a key!')).toMatchObject({
      status: 400,
      errorCode: 'IDEMPOTENCY_KEY_INVALID',
    });
  });

  it('a second time with a new key is refused as already handled', async () => {
    const user = await investorWith(0);
    const asked = await request({ userId: user.userId, amount: '100', reason: 'x' });
    expect((await approve(asked.data.id, financeToken)).data.status).toBe('approved');
    expect(await approve(asked.data.id, financeToken)).toMatchObject({
      status: 409,
      errorCode: 'ADJUSTMENT_NOT_PENDING',
    });
    expect((await balances(user)).available).toBe('100.00');
  });

  it('is refused when the deduction is more than the available cash, and the request stays pending', async () => {
    const user = await investorWith(100);
    const asked = await request({ userId: user.userId, amount: '-100.01', reason: 'too much' });
    expect(await approve(asked.data.id, financeToken)).toMatchObject({
      status: 409,
      errorCode: 'INSUFFICIENT_FUNDS',
    });
    expect((await balances(user)).available).toBe('100.00');
    const list = await get<{ items: Adjustment[] }>(t.app, '/api/staff/adjustments?status=pending', admin);
    expect(list.data.items.map((a) => a.id)).toContain(asked.data.id);
  });

  it('by two staff members at once: one approval wins, the cash moves once', async () => {
    const user = await investorWith(0);
    const otherToken = await staffToken(t, other.username, other.password, other.secret);
    const asked = await request({ userId: user.userId, amount: '700', reason: 'race' });
    const results = await Promise.all([
      approve(asked.data.id, financeToken),
      approve(asked.data.id, otherToken),
    ]);
    expect(results.map((r) => r.errorCode ?? 'ok').sort()).toEqual(['ADJUSTMENT_NOT_PENDING', 'ok']);
    expect((await balances(user)).available).toBe('700.00');
    expect(await adjustmentEntries(user)).toHaveLength(1);
  });

  it('of an unknown adjustment is a 404', async () => {
    expect(await approve('999999999', financeToken)).toMatchObject({
      status: 404,
      errorCode: 'ADJUSTMENT_NOT_FOUND',
    });
  });
});

describe('rejecting', () => {
  it('by a second staff member keeps the reason and moves nothing; it cannot be approved afterwards', async () => {
    const user = await investorWith(500);
    const asked = await request({ userId: user.userId, amount: '300', reason: 'maybe' });
    const rejected = await reject(asked.data.id, 'no evidence', financeToken);
    expect(rejected).toMatchObject({ status: 200, code: 1 });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      reviewedBy: finance.id,
      reviewReason: 'no evidence',
    });
    expect(await approve(asked.data.id, admin)).toMatchObject({
      status: 409,
      errorCode: 'ADJUSTMENT_NOT_PENDING',
    });
    expect(await reject(asked.data.id, 'again', admin)).toMatchObject({
      status: 409,
      errorCode: 'ADJUSTMENT_NOT_PENDING',
    });
    expect((await balances(user)).available).toBe('500.00');
    expect(await adjustmentEntries(user)).toEqual([]);
    const list = await get<{ items: Adjustment[] }>(t.app, '/api/staff/adjustments?status=rejected', admin);
    expect(list.data.items.map((a) => a.id)).toContain(asked.data.id);
    expect(list.data.items.every((a) => a.status === 'rejected')).toBe(true);
  });

  it('is refused to the staff member who asked, without a reason, or for an unknown adjustment', async () => {
    const user = await investorWith(0);
    const asked = await request({ userId: user.userId, amount: '300', reason: 'mine' });
    expect(await reject(asked.data.id, 'changed my mind', admin)).toMatchObject({
      status: 409,
      errorCode: 'SECOND_APPROVER_MUST_DIFFER',
    });
    expect(await reject(asked.data.id, ' ', financeToken)).toMatchObject({
      status: 400,
      errorCode: 'REASON_REQUIRED',
    });
    expect(await reject('999999999', 'x', financeToken)).toMatchObject({
      status: 404,
      errorCode: 'ADJUSTMENT_NOT_FOUND',
    });
    const list = await get<{ items: Adjustment[] }>(t.app, '/api/staff/adjustments?status=pending', admin);
    expect(list.data.items.find((a) => a.id === asked.data.id)?.status).toBe('pending');
  });
});

describe('looking is on the record', () => {
  it('audits who listed the adjustments (which rows) and who ran the ledger check (what it found)', async () => {
    const user = await investorWith(0);
    const asked = await request({ userId: user.userId, amount: '100', reason: 'listed' });
    await get(t.app, '/api/staff/adjustments?status=pending&pageSize=100', financeToken);
    const listed = await t.ctx.db
      .selectFrom('audit_log')
      .select(['staff_id', 'after'])
      .where('action', '=', 'adjustment.list')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(listed.staff_id).toBe(BigInt(finance.id));
    expect(listed.after).toMatchObject({ status: 'pending', pageSize: 100 });
    expect((listed.after as { shown: string[] }).shown).toContain(asked.data.id);

    const verify = await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', financeToken);
    const checked = await t.ctx.db
      .selectFrom('audit_log')
      .select(['staff_id', 'after'])
      .where('action', '=', 'ledger.verify')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(checked.staff_id).toBe(BigInt(finance.id));
    expect(checked.after).toMatchObject({ balanced: verify.data.balanced, unbalancedEntries: 0 });
  });
});

describe('who may adjust', () => {
  it('a role without ledger.adjust is refused every adjustment endpoint', async () => {
    const user = await investorWith(0);
    const asked = await request({ userId: user.userId, amount: '100', reason: 'x' });
    const token = await staffToken(
      t,
      complianceMember.username,
      complianceMember.password,
      complianceMember.secret,
    );
    const denied = [
      await get(t.app, '/api/staff/adjustments', token),
      await request({ userId: user.userId, amount: '100', reason: 'x' }, token),
      await approve(asked.data.id, token),
      await reject(asked.data.id, 'x', token),
    ];
    for (const result of denied)
      expect(result).toMatchObject({ status: 403, errorCode: 'STAFF_PERMISSION_DENIED' });
    const ja = await post(t.app, '/api/staff/adjustments?lang=ja', { userId: user.userId }, token);
    // The permission is checked before the body: a caller without it learns nothing about the schema.
    expect(ja).toMatchObject({ status: 403, msg: 'この操作を行う権限がありません' });
    const list = await get<{ items: Adjustment[] }>(t.app, '/api/staff/adjustments?status=pending', admin);
    expect(list.data.items.find((a) => a.id === asked.data.id)?.status).toBe('pending');
  });

  it('an investor token or none is not a staff session', async () => {
    const user = await investorWith(0);
    expect((await request({ userId: user.userId, amount: '100', reason: 'x' }, user.token)).status).toBe(401);
    expect(
      (await post(t.app, '/api/staff/adjustments', { userId: user.userId, amount: '1', reason: 'x' })).status,
    ).toBe(401);
  });
});

describe('the list', () => {
  it('puts pending requests first, newest first within each group, and pages', async () => {
    const user = await investorWith(0);
    const a = await request({ userId: user.userId, amount: '1', reason: 'a' });
    const b = await request({ userId: user.userId, amount: '2', reason: 'b' });
    await reject(a.data.id, 'no', financeToken);
    const c = await request({ userId: user.userId, amount: '3', reason: 'c' });
    const all = await get<{ items: Adjustment[]; total: number }>(
      t.app,
      '/api/staff/adjustments?pageSize=100',
      admin,
    );
    const statuses = all.data.items.map((x) => x.status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((s) => s !== 'pending'));
    const mine = all.data.items
      .filter((x) => [a.data.id, b.data.id, c.data.id].includes(x.id))
      .map((x) => x.id);
    expect(mine).toEqual([c.data.id, b.data.id, a.data.id]);
    const page1 = await get<{ items: Adjustment[]; total: number }>(
      t.app,
      '/api/staff/adjustments?pageSize=1&page=1',
      admin,
    );
    const page2 = await get<{ items: Adjustment[] }>(
      t.app,
      '/api/staff/adjustments?pageSize=1&page=2',
      admin,
    );
    expect(page1.data.total).toBe(all.data.total);
    expect(page1.data.items[0]!.id).toBe(all.data.items[0]!.id);
    expect(page2.data.items[0]!.id).toBe(all.data.items[1]!.id);
    expect(await get(t.app, '/api/staff/adjustments?status=done', admin)).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_FAILED',
    });
  });
});
