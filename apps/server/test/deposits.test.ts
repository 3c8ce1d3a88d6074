import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  DEMO,
  get,
  loginDemo,
  passKyc,
  post,
  postWithoutKey,
  registerUser,
  registerVerifiedUser,
  staffToken,
  type TestApp,
} from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
let admin: string;
beforeEach(async () => {
  admin = await staffToken(t);
});

type Balances = { available: string; held: string; total: string };
type Notice = { id: string; status: string; amount: string; reason: string | null };
const today = () => new Date(t.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
const daysAgo = (days: number) =>
  new Date(t.clock.now().getTime() + 9 * 3600_000 - days * 86_400_000).toISOString().slice(0, 10);
let refs = 0;
const bankRef = () => `STMT-${process.pid}-${++refs}`;
const credit = (payload: object, token = admin, key?: string) =>
  post<{ id: string; availableBefore: string; availableAfter: string }>(
    t.app,
    '/api/staff/deposits',
    payload,
    token,
    key ? { headers: { 'idempotency-key': key } } : {},
  );
const balances = async (token: string) => (await get<Balances>(t.app, '/api/account/balances', token)).data;

describe('the deposit account', () => {
  it("shows the firm's account, marked as a demo, with the caller's own transfer reference", async () => {
    const user = await registerUser(t);
    const result = await get<{ accountNumber: string; transferReference: string; isDemo: boolean }>(
      t.app,
      '/api/funding/deposit-account',
      user.token,
    );
    expect(result.data.isDemo).toBe(true);
    expect(result.data.transferReference).toBe(user.userId.padStart(7, '0'));
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/funding/deposit-account')).status).toBe(401);
  });
});

describe('deposit notices', () => {
  it('are filed, listed as under review, and limited to five waiting at once', async () => {
    const user = await registerVerifiedUser(t);
    for (let i = 0; i < 5; i += 1) {
      const filed = await post<Notice>(
        t.app,
        '/api/funding/deposit-notices',
        { amount: '１０,０００', transferDate: today(), senderName: 'ヤマダ タロウ' },
        user.token,
      );
      expect(filed.code).toBe(1);
      expect(filed.data).toMatchObject({ status: 'pending', amount: '10000.00' });
    }
    const sixth = await post(
      t.app,
      '/api/funding/deposit-notices',
      { amount: '1', transferDate: today(), senderName: 'ヤマダ タロウ' },
      user.token,
    );
    expect(sixth.errorCode).toBe('TOO_MANY_PENDING_NOTICES');
    const list = await get<{ items: Notice[]; total: number }>(t.app, '/api/funding/deposits', user.token);
    expect(list.data.total).toBe(5);
    expect(list.data.items.every((item) => item.status === 'pending')).toBe(true);
  });

  it('refuse a date in the future or more than 30 days back, and name each missing field', async () => {
    const user = await registerVerifiedUser(t);
    const file = (payload: object) =>
      post(t.app, '/api/funding/deposit-notices?lang=ja', payload, user.token);
    const base = { amount: '5000', transferDate: today(), senderName: 'ヤマダ' };
    expect((await file({ ...base, transferDate: daysAgo(-1) })).errorCode).toBe('TRANSFER_DATE_OUT_OF_RANGE');
    expect((await file({ ...base, transferDate: daysAgo(31) })).errorCode).toBe('TRANSFER_DATE_OUT_OF_RANGE');
    expect((await file({ ...base, transferDate: '2026-02-30' })).errorCode).toBe(
      'TRANSFER_DATE_OUT_OF_RANGE',
    );
    expect((await file({ ...base, transferDate: daysAgo(30) })).code).toBe(1);
    const missing = await file({ ...base, amount: '' });
    expect(missing).toMatchObject({ errorCode: 'AMOUNT_REQUIRED', msg: '金額を入力してください' });
    expect((await file({ ...base, amount: '0' })).errorCode).toBe('AMOUNT_INVALID');
    expect((await file({ ...base, amount: '1.001' })).errorCode).toBe('AMOUNT_INVALID');
    expect(await file({ ...base, amount: '5000.50' })).toMatchObject({
      errorCode: 'AMOUNT_WHOLE_YEN',
      msg: '銀行振込は1円単位です。円未満を含めずに入力してください',
    });
    expect((await file({ ...base, senderName: ' ' })).errorCode).toBe('SENDER_NAME_REQUIRED');
    expect((await file({ ...base, transferDate: undefined })).errorCode).toBe('TRANSFER_DATE_REQUIRED');
  });

  it('are taken only once identity verification has passed, and nothing is filed before', async () => {
    const user = await registerUser(t);
    const file = () =>
      post(
        t.app,
        '/api/funding/deposit-notices?lang=ja',
        { amount: '5000', transferDate: today(), senderName: 'ヤマダ タロウ' },
        user.token,
      );
    expect(await file()).toMatchObject({
      status: 403,
      errorCode: 'KYC_NOT_PASSED',
      msg: '本人確認が完了していません。本人確認の完了後にお手続きください',
    });
    expect((await get<{ total: number }>(t.app, '/api/funding/deposits', user.token)).data.total).toBe(0);
    await passKyc(t, user.userId, 'ヤマダ タロウ');
    expect((await file()).code).toBe(1);
  });

  it("take the sender name in katakana as the bank shows it, and only the investor's own once verified", async () => {
    const user = await registerUser(t);
    const file = (senderName: string) =>
      post(
        t.app,
        '/api/funding/deposit-notices?lang=ja',
        { amount: '5000', transferDate: today(), senderName },
        user.token,
      );
    await passKyc(t, user.userId, 'ヤマダ タロウ');
    expect(await file('山田太郎')).toMatchObject({
      errorCode: 'SENDER_NAME_KANA',
      msg: '振込依頼人名は通帳に記載されるとおり、カタカナ（または英大文字）で入力してください',
    });
    expect(await file('スズキ イチロウ')).toMatchObject({ errorCode: 'DEPOSIT_SENDER_NOT_HOLDER' });
    // The own name however typed (hiragana, half-width, without the space), and after the transfer reference.
    expect((await file('やまだ たろう')).code).toBe(1);
    const withReference = await file('0000012 ﾔﾏﾀﾞﾀﾛｳ');
    expect(withReference.code).toBe(1);
    expect(withReference.data).toMatchObject({ senderName: '0000012 ヤマダタロウ' });
  });

  it('of one user are not shown to another', async () => {
    const owner = await registerVerifiedUser(t);
    const other = await registerVerifiedUser(t);
    await post(
      t.app,
      '/api/funding/deposit-notices',
      { amount: '7000', transferDate: today(), senderName: 'A' },
      owner.token,
    );
    const seen = await get<{ total: number }>(t.app, '/api/funding/deposits', other.token);
    expect(seen.data.total).toBe(0);
  });
});

describe('staff credit', () => {
  it('reaches the balance at once, approves the notice, and is audited with the balance before and after', async () => {
    const user = await registerVerifiedUser(t);
    const notice = await post<Notice>(
      t.app,
      '/api/funding/deposit-notices',
      { amount: '250000', transferDate: today(), senderName: 'ヤマダ' },
      user.token,
    );
    const noticeId = notice.data.id.replace('notice-', '');
    const reference = bankRef();
    const credited = await credit({
      userId: user.userId,
      amount: '250000.00',
      bankReference: reference,
      noticeId,
    });
    expect(credited.code).toBe(1);
    expect(credited.data).toMatchObject({ availableBefore: '0.00', availableAfter: '250000.00' });
    expect(await balances(user.token)).toMatchObject({
      available: '250000.00',
      held: '0.00',
      total: '250000.00',
    });
    const info = await get<{ money: string; total: string }>(
      t.app,
      `/api/index/getUserInfo?user_id=${user.userId}`,
      user.token,
    );
    expect(info.data).toMatchObject({ money: '250000.00', total: '250000.00' });
    const history = await get<{ items: Notice[] }>(t.app, '/api/funding/deposits', user.token);
    expect(history.data.items[0]).toMatchObject({ id: notice.data.id, status: 'approved' });
    const audit = await get<{ items: { action: string; before: unknown; after: { available: string } }[] }>(
      t.app,
      `/api/staff/audit-log?action=deposit.credit&targetId=${user.userId}`,
      admin,
    );
    expect(audit.data.items[0]).toMatchObject({
      before: { available: '0.00' },
      after: { available: '250000.00' },
    });
  });

  it('is refused for a customer whose identity is not verified: nothing moves, and the refusal is audited', async () => {
    const user = await registerUser(t);
    const refused = await post(
      t.app,
      '/api/staff/deposits?lang=ja',
      { userId: user.userId, amount: '100000', bankReference: bankRef() },
      admin,
    );
    expect(refused).toMatchObject({
      status: 409,
      errorCode: 'DEPOSIT_USER_NOT_VERIFIED',
      msg: '本人確認が完了していない顧客には入金処理できません。着金した資金は組戻しで送金元へ返金してください',
    });
    expect(await balances(user.token)).toMatchObject({ available: '0.00', total: '0.00' });
    const refusals = await t.ctx.db
      .selectFrom('audit_log')
      .select('reason')
      .where('action', '=', 'staff.action_refused')
      .where('target_id', '=', 'POST /api/staff/deposits')
      .where('reason', '=', 'DEPOSIT_USER_NOT_VERIFIED')
      .execute();
    expect(refusals.length).toBeGreaterThan(0);
    await passKyc(t, user.userId, null);
    expect((await credit({ userId: user.userId, amount: '100000', bankReference: bankRef() })).code).toBe(1);
  });

  it('with the same Idempotency-Key returns the first credit and moves nothing again', async () => {
    const user = await registerVerifiedUser(t);
    const payload = { userId: user.userId, amount: '1000', bankReference: bankRef() };
    const first = await credit(payload, admin, 'retry-key-1');
    const again = await credit(payload, admin, 'retry-key-1');
    expect(again.data.id).toBe(first.data.id);
    expect((await balances(user.token)).available).toBe('1000.00');
    const changed = await credit({ ...payload, amount: '2000' }, admin, 'retry-key-1');
    expect(changed.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    const malformed = await credit(payload, admin, 'bad key with spaces');
    expect(malformed.errorCode).toBe('IDEMPOTENCY_KEY_INVALID');
    // Without a key a retry would credit twice: refused, and nothing moves.
    const keyless = await postWithoutKey(
      t.app,
      '/api/staff/deposits',
      { ...payload, bankReference: bankRef() },
      admin,
    );
    expect(keyless).toMatchObject({ status: 400, errorCode: 'IDEMPOTENCY_KEY_REQUIRED' });
    expect((await balances(user.token)).available).toBe('1000.00');
  });

  it("scopes keys to the staff member: another's same key is their own request", async () => {
    const finance = await createStaff(t, `fin${process.pid}${++refs}`, 'finance');
    const financeToken = await staffToken(t, finance.username, finance.password, finance.secret);
    const user = await registerVerifiedUser(t);
    const mine = await credit(
      { userId: user.userId, amount: '100', bankReference: bankRef() },
      admin,
      'shared-key',
    );
    const theirs = await credit(
      { userId: user.userId, amount: '100', bankReference: bankRef() },
      financeToken,
      'shared-key',
    );
    expect(theirs.code).toBe(1);
    expect(theirs.data.id).not.toBe(mine.data.id);
    expect((await balances(user.token)).available).toBe('200.00');
  });

  it('refuses a statement line twice, a notice of another user, a handled notice and an unknown user', async () => {
    const user = await registerVerifiedUser(t);
    const other = await registerVerifiedUser(t);
    const reference = bankRef();
    expect((await credit({ userId: user.userId, amount: '100', bankReference: reference })).code).toBe(1);
    expect((await credit({ userId: user.userId, amount: '100', bankReference: reference })).errorCode).toBe(
      'BANK_REFERENCE_USED',
    );
    // The same line typed full-width and in lower case is still the same line.
    const typedAgain = reference
      .toLowerCase()
      .replace(/[a-z0-9-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    expect(
      (await credit({ userId: user.userId, amount: '100', bankReference: ` ${typedAgain} ` })).errorCode,
    ).toBe('BANK_REFERENCE_USED');
    // So is the line pasted with an invisible character or with look-alike dashes (a hyphen, a minus sign,
    // the katakana long vowel a Japanese keyboard types for "-").
    for (const pasted of [
      `${reference}\u200b`,
      `\ufeff${reference}`,
      reference.replace(/-/g, '\u2010'),
      reference.replace(/-/g, '\u2212'),
      reference.replace(/-/g, 'ー'),
    ])
      expect((await credit({ userId: user.userId, amount: '100', bankReference: pasted })).errorCode).toBe(
        'BANK_REFERENCE_USED',
      );
    // Anything but letters, digits and hyphens is refused under the field, and credits nothing.
    const refused = await credit({ userId: user.userId, amount: '100', bankReference: `${bankRef()}/振込` });
    expect(refused.errorCode).toBe('BANK_REFERENCE_INVALID');
    expect(refused.params).toMatchObject({ field: 'bankReference' });
    const notice = await post<Notice>(
      t.app,
      '/api/funding/deposit-notices',
      { amount: '100', transferDate: today(), senderName: 'B' },
      other.token,
    );
    const noticeId = notice.data.id.replace('notice-', '');
    expect(
      (await credit({ userId: user.userId, amount: '100', bankReference: bankRef(), noticeId })).errorCode,
    ).toBe('DEPOSIT_NOTICE_OTHER_USER');
    expect(
      (await credit({ userId: other.userId, amount: '100', bankReference: bankRef(), noticeId })).code,
    ).toBe(1);
    expect(
      (await credit({ userId: other.userId, amount: '100', bankReference: bankRef(), noticeId })).errorCode,
    ).toBe('DEPOSIT_NOTICE_NOT_PENDING');
    expect((await credit({ userId: '999999999', amount: '100', bankReference: bankRef() })).errorCode).toBe(
      'USER_NOT_FOUND',
    );
    expect((await balances(user.token)).available).toBe('100.00');
  });

  it('is for finance and admin only; an investor token is not a staff token', async () => {
    const dealer = await createStaff(t, `dealer${process.pid}${++refs}`, 'dealer');
    const dealerToken = await staffToken(t, dealer.username, dealer.password, dealer.secret);
    const user = await registerVerifiedUser(t);
    const payload = { userId: user.userId, amount: '100', bankReference: bankRef() };
    expect((await credit(payload, dealerToken)).errorCode).toBe('STAFF_PERMISSION_DENIED');
    expect((await credit(payload, user.token)).status).toBe(401);
    expect((await get(t.app, '/api/staff/deposit-notices', dealerToken)).errorCode).toBe(
      'STAFF_PERMISSION_DENIED',
    );
    expect((await balances(user.token)).available).toBe('0.00');
  });

  it('rejects a notice with a reason the user then sees', async () => {
    const user = await registerVerifiedUser(t);
    const notice = await post<Notice>(
      t.app,
      '/api/funding/deposit-notices',
      { amount: '3000', transferDate: today(), senderName: 'C' },
      user.token,
    );
    const id = notice.data.id.replace('notice-', '');
    const rejected = await post<Notice>(
      t.app,
      `/api/staff/deposit-notices/${id}/reject`,
      { reason: '該当する入金が確認できません' },
      admin,
    );
    expect(rejected.data.status).toBe('rejected');
    expect(
      (await post(t.app, `/api/staff/deposit-notices/${id}/reject`, { reason: 'again' }, admin)).errorCode,
    ).toBe('DEPOSIT_NOTICE_NOT_PENDING');
    const history = await get<{ items: Notice[] }>(t.app, '/api/funding/deposits', user.token);
    expect(history.data.items[0]).toMatchObject({
      status: 'rejected',
      reason: '該当する入金が確認できません',
    });
  });
});

describe("staff reading a user's money", () => {
  it('shows the balances and statement, and each look is in the audit log', async () => {
    const user = await registerVerifiedUser(t);
    await credit({ userId: user.userId, amount: '30000', bankReference: bankRef() });
    const seen = await get<Balances>(t.app, `/api/staff/users/${user.userId}/balances`, admin);
    expect(seen.data).toMatchObject({ available: '30000.00', total: '30000.00' });
    const entries = await get<{ items: { kind: string }[] }>(
      t.app,
      `/api/staff/users/${user.userId}/ledger`,
      admin,
    );
    expect(entries.data.items.map((entry) => entry.kind)).toEqual(['deposit']);
    const audit = await get<{ items: { action: string; after: object }[] }>(
      t.app,
      `/api/staff/audit-log?action=user.ledger_view&targetId=${user.userId}`,
      admin,
    );
    expect(audit.data.items.map((item) => item.after)).toEqual([
      expect.objectContaining({ entries: expect.any(Object) }),
      { balances: true },
    ]);
  });

  it('lists of notices, withdrawals, identity submissions and the audit log are audited with what they showed', async () => {
    const user = await registerVerifiedUser(t);
    const notice = await post<Notice>(
      t.app,
      '/api/funding/deposit-notices',
      { amount: '7000', transferDate: today(), senderName: 'ヤマダ' },
      user.token,
    );
    const noticeId = notice.data.id.replace('notice-', '');
    const listed = await get<{ items: { id: string }[] }>(t.app, '/api/staff/deposit-notices', admin);
    expect(listed.data.items.map((item) => item.id)).toContain(noticeId);
    for (const path of ['/api/staff/withdrawals', '/api/staff/kyc', '/api/staff/audit-log'])
      expect((await get(t.app, path, admin)).code).toBe(1);
    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', 'in', ['deposit_notice.list', 'withdrawal.list', 'kyc.list', 'audit.view'])
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'deposit_notice.list',
      'withdrawal.list',
      'kyc.list',
      'audit.view',
    ]);
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as object;
    const noticeList = parse(entries[3]!.after) as { shown: string[] };
    expect(noticeList.shown).toContain(noticeId);
  });

  it('of an unknown user is refused and leaves no audit entry', async () => {
    const result = await get(t.app, '/api/staff/users/999999999/balances', admin);
    expect(result.errorCode).toBe('USER_NOT_FOUND');
    const audit = await get<{ items: unknown[] }>(
      t.app,
      '/api/staff/audit-log?action=user.ledger_view&targetId=999999999',
      admin,
    );
    expect(audit.data.items).toEqual([]);
  });
});

describe('the demo investor', () => {
  it('starts with 1,000,000 JPY credited through the ledger by the seeded admin', async () => {
    const demo = await loginDemo(t);
    expect((await balances(demo.token)).available).toBe('1000000.00');
    const ledger = await get<{ items: { kind: string; availableChange: string }[] }>(
      t.app,
      '/api/account/ledger',
      demo.token,
    );
    expect(ledger.data.items).toEqual([
      expect.objectContaining({ kind: 'deposit', availableChange: '1000000.00' }),
    ]);
    const verify = await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin);
    expect(verify.data.balanced).toBe(true);
    expect(DEMO.investor.mobile).toBe('09000000001');
  });
});
