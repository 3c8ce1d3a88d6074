import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  get,
  passKyc,
  post,
  postWithoutKey,
  registerUser,
  staffToken,
  stepUpBySms,
  totpNow,
  type Registered,
  type TestApp,
} from './harness';

// Withdrawals are open on business days 9:00-15:30 JST: the clock starts on Tuesday 2026-11-24 10:00 JST.
const OPEN = new Date('2026-11-24T01:00:00Z');

let t: TestApp;
/** The finance clerk below, created once. */
let clerkAccount: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  // Sessions outlive the jumps of the clock to closed days below.
  t = await createTestApp({
    requireStepUp: false,
    sessionIdleSeconds: 60 * 86400,
    sessionTtlSeconds: 60 * 86400,
  });
  clerkAccount = await createStaff(t, `clerk${process.pid}`, 'finance');
});
afterAll(() => t.close());
let admin: string;
/**
 * A finance member who credits the fixtures' deposits, signed in each test as the admin is: whoever credits a
 * user a deposit may not approve that user's withdrawals, and the tests approve as the admin.
 */
let clerk: string;
/** This test's instant inside the window: each test a few minutes later, so each staff login has a fresh TOTP step. */
let now = OPEN;
let tests = 0;
beforeEach(async () => {
  now = new Date(OPEN.getTime() + ++tests * 300_000);
  t.clock.set(now);
  admin = await staffToken(t);
  clerk = await staffToken(t, clerkAccount.username, clerkAccount.password, clerkAccount.secret);
  now = t.clock.now();
});

type Withdrawal = {
  id: string;
  status: string;
  amount: string;
  reason: string | null;
  approvedBy?: string[];
};
type Balances = { available: string; held: string };
let refs = 0;

/**
 * The user's deposit notice for `noticed` yen, then `staff` crediting `credited` yen against it (as the finance
 * screen does with a bank statement line). Answers the credit's envelope.
 */
async function creditForNotice(
  user: { userId: string; token: string },
  amounts: { noticed: string; credited: string },
  staff: string,
) {
  const jstToday = new Date(t.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
  const notice = await post<{ id: string }>(
    t.app,
    '/api/funding/deposit-notices',
    { amount: amounts.noticed, transferDate: jstToday, senderName: 'ヤマダ タロウ' },
    user.token,
  );
  if (notice.code !== 1) throw new Error(`notice: ${notice.errorCode}`);
  return post(
    t.app,
    '/api/staff/deposits',
    {
      userId: user.userId,
      amount: amounts.credited,
      bankReference: `W-${process.pid}-${++refs}`,
      noticeId: notice.data.id.replace('notice-', ''),
    },
    staff,
  );
}

/** The withdrawal's approval by `staff` is refused: they credited this user money (in Japanese, as staff read it). */
async function expectApproverCredited(withdrawalId: string, staff: string) {
  const refused = await post(t.app, `/api/staff/withdrawals/${withdrawalId}/approve?lang=ja`, {}, staff);
  expect(refused).toMatchObject({
    status: 409,
    errorCode: 'WITHDRAWAL_APPROVER_CREDITED',
    msg: expect.stringContaining('別の担当者'),
  });
}

/** A new finance member, signed in: one who has credited and asked for nothing. */
async function newFinanceMember(): Promise<string> {
  const finance = await createStaff(t, `fin${process.pid}${++refs}`, 'finance');
  return staffToken(t, finance.username, finance.password, finance.secret);
}

/** `staff` asks for `amount` yen to be added to the user's cash; answers the adjustment's id. */
async function askedAdjustment(userId: string, amount: string, staff: string): Promise<string> {
  const asked = await post<{ id: string }>(
    t.app,
    '/api/staff/adjustments',
    { userId, amount, reason: 'goodwill refund' },
    staff,
  );
  expect(asked.code).toBe(1);
  return asked.data.id;
}

/** A finance member who credited nothing approves the withdrawal, and it is paid. */
async function approvedByAnotherFinanceMember(withdrawalId: string) {
  const other = await newFinanceMember();
  const approved = await post<Withdrawal>(t.app, `/api/staff/withdrawals/${withdrawalId}/approve`, {}, other);
  expect(approved.data.status).toBe('approved');
}

/**
 * A verified investor (フリガナ ヤマダ タロウ unless told) with a transaction password, a bank account and `yen`
 * deposited. With `holderName`, the account is in that name and was added before verification passed.
 */
async function fundedInvestor(
  yen: number,
  options: { holderName?: string; kana?: string | null } = {},
): Promise<Registered & { bankAccountId: string }> {
  const user = await registerUser(t);
  await post(
    t.app,
    '/api/account/transaction-password',
    { oldPassword: user.password, newPassword: '246810', confirmPassword: '246810' },
    user.token,
  );
  const relogin = await post<{ token: string }>(t.app, '/api/auth/login', {
    account: user.mobile,
    password: user.password,
  });
  const token = relogin.data.token;
  const addedBefore = options.holderName !== undefined;
  if (!addedBefore) await passKyc(t, user.userId, options.kana);
  const account = await post<{ id: string }>(
    t.app,
    '/api/funding/bank-accounts',
    {
      holderName: options.holderName ?? 'ヤマダ タロウ',
      bankName: 'みずほ銀行',
      branchName: '本店',
      branchCode: '001',
      accountNumber: '１２３４５６７',
    },
    token,
  );
  if (account.code !== 1) throw new Error(`bank account: ${account.errorCode}`);
  if (addedBefore) await passKyc(t, user.userId, options.kana);
  if (yen > 0) {
    // For the user's notice, as a transfer is, and by the finance clerk: the admin who approves the tests'
    // withdrawals must not be the one who credited the money.
    const credited = await creditForNotice(
      { userId: user.userId, token },
      { noticed: String(yen), credited: String(yen) },
      clerk,
    );
    if (credited.code !== 1) throw new Error(`credit: ${credited.errorCode}`);
  }
  return { ...user, token, bankAccountId: account.data.id };
}

const withdraw = (
  user: { token: string; bankAccountId: string },
  amount: string,
  extra: object = {},
  key?: string,
) =>
  post<Withdrawal>(
    t.app,
    '/api/funding/withdrawals',
    { amount, bankAccountId: user.bankAccountId, transactionPassword: '246810', ...extra },
    user.token,
    key ? { headers: { 'idempotency-key': key } } : {},
  );
const balances = async (token: string) => (await get<Balances>(t.app, '/api/account/balances', token)).data;

describe('a withdrawal request', () => {
  it('moves the amount from available to held at once and shows as under review', async () => {
    const user = await fundedInvestor(50_000);
    const result = await withdraw(user, '20000');
    expect(result.code).toBe(1);
    expect(result.data).toMatchObject({ status: 'pending', amount: '20000.00' });
    expect(await balances(user.token)).toMatchObject({ available: '30000.00', held: '20000.00' });
    const list = await get<{ items: Withdrawal[] }>(t.app, '/api/funding/withdrawals', user.token);
    expect(list.data.items.map((w) => w.id)).toEqual([result.data.id]);
  });

  it('refuses each broken rule with its own message and changes nothing', async () => {
    const user = await fundedInvestor(50_000);
    expect((await withdraw(user, '9999')).errorCode).toBe('WITHDRAWAL_BELOW_MINIMUM');
    expect((await withdraw(user, '50001')).errorCode).toBe('INSUFFICIENT_FUNDS');
    expect((await withdraw(user, '10000.50')).errorCode).toBe('AMOUNT_WHOLE_YEN');
    expect((await withdraw(user, '10000', { bankAccountId: '999999' })).errorCode).toBe(
      'BANK_ACCOUNT_NOT_FOUND',
    );
    expect((await withdraw(user, '10000', { bankAccountId: '' })).errorCode).toBe('BANK_ACCOUNT_REQUIRED');
    expect((await withdraw(user, '10000', { transactionPassword: '' })).errorCode).toBe(
      'TRANSACTION_PASSWORD_REQUIRED',
    );
    expect((await withdraw(user, '10000', { transactionPassword: 'wrong1' })).errorCode).toBe(
      'TRANSACTION_PASSWORD_WRONG',
    );
    expect((await withdraw(user, '')).errorCode).toBe('AMOUNT_REQUIRED');
    t.clock.set(new Date('2026-11-24T06:30:00Z')); // 15:30 JST: closed
    expect((await withdraw(user, '10000')).errorCode).toBe('WITHDRAWAL_CLOSED');
    t.clock.set(new Date('2026-11-28T01:00:00Z')); // a Saturday, 10:00 JST
    expect((await withdraw(user, '10000')).errorCode).toBe('WITHDRAWAL_CLOSED');
    t.clock.set(new Date('2026-12-31T01:00:00Z')); // a Thursday in the year-end closure
    expect((await withdraw(user, '10000')).errorCode).toBe('WITHDRAWAL_CLOSED');
    t.clock.set(new Date('2027-01-11T01:00:00Z')); // Coming of Age Day, a Monday holiday
    expect((await withdraw(user, '10000')).errorCode).toBe('WITHDRAWAL_CLOSED');
    t.clock.set(now);
    await sql`UPDATE users SET kyc_status = 'rejected' WHERE id = ${BigInt(user.userId)}`.execute(t.ctx.db);
    expect((await withdraw(user, '10000')).errorCode).toBe('KYC_NOT_PASSED');
    expect(await balances(user.token)).toMatchObject({ available: '50000.00', held: '0.00' });
  });

  it("refuses another user's bank account as if it did not exist", async () => {
    const owner = await fundedInvestor(0);
    const thief = await fundedInvestor(20_000);
    const result = await withdraw({ token: thief.token, bankAccountId: owner.bankAccountId }, '10000');
    expect(result.errorCode).toBe('BANK_ACCOUNT_NOT_FOUND');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/funding/bank-accounts/${owner.bankAccountId}`,
      headers: { token: thief.token },
    });
    expect(removed.json()).toMatchObject({ errorCode: 'BANK_ACCOUNT_NOT_FOUND' });
    const accounts = await get<{ items: unknown[] }>(t.app, '/api/funding/bank-accounts', owner.token);
    expect(accounts.data.items).toHaveLength(1);
  });

  it('with the same Idempotency-Key returns the first withdrawal and holds once', async () => {
    const user = await fundedInvestor(50_000);
    const first = await withdraw(user, '10000', {}, 'w-key-1');
    const again = await withdraw(user, '10000', {}, 'w-key-1');
    expect(again.data.id).toBe(first.data.id);
    expect(await balances(user.token)).toMatchObject({ available: '40000.00', held: '10000.00' });
    // Without a key a retry would hold twice: refused, and nothing moves.
    const keyless = await postWithoutKey(
      t.app,
      '/api/funding/withdrawals?lang=en',
      { amount: '10000', bankAccountId: user.bankAccountId, transactionPassword: '246810' },
      user.token,
    );
    expect(keyless).toMatchObject({
      status: 400,
      errorCode: 'IDEMPOTENCY_KEY_REQUIRED',
      msg: 'The request is missing its retry key. Reload the page and try again',
    });
    expect(await balances(user.token)).toMatchObject({ available: '40000.00', held: '10000.00' });
  });

  it('counts wrong transaction passwords towards the lockout', async () => {
    const user = await fundedInvestor(50_000);
    let last = '';
    for (let i = 0; i < 5; i += 1)
      last = (await withdraw(user, '10000', { transactionPassword: 'nope99' })).errorCode ?? '';
    expect(last).toBe('ACCOUNT_LOCKED');
    expect((await withdraw(user, '10000')).errorCode).toBe('ACCOUNT_LOCKED');
    expect((await balances(user.token)).held).toBe('0.00');
  });
});

describe('staff review', () => {
  it('approval pays out the held amount; rejection returns it with a reason the user sees', async () => {
    const user = await fundedInvestor(100_000);
    const paid = await withdraw(user, '30000');
    const refused = await withdraw(user, '20000');
    const approved = await post<Withdrawal>(
      t.app,
      `/api/staff/withdrawals/${paid.data.id}/approve`,
      {},
      admin,
    );
    expect(approved.data.status).toBe('approved');
    const rejected = await post<Withdrawal>(
      t.app,
      `/api/staff/withdrawals/${refused.data.id}/reject`,
      { reason: '口座名義が一致しません' },
      admin,
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: '口座名義が一致しません' });
    expect(await balances(user.token)).toMatchObject({ available: '70000.00', held: '0.00' });
    expect(
      (await post(t.app, `/api/staff/withdrawals/${paid.data.id}/reject`, { reason: 'x' }, admin)).errorCode,
    ).toBe('WITHDRAWAL_NOT_PENDING');
    const ledger = await get<{ items: { kind: string }[] }>(t.app, '/api/account/ledger', user.token);
    expect(ledger.data.items.map((item) => item.kind)).toEqual([
      'withdrawal_release',
      'withdrawal_payout',
      'withdrawal_hold',
      'withdrawal_hold',
      'deposit',
    ]);
  });

  it("shows a payout in the investor's statement as the amount that left, and a hold or release as held cash only", async () => {
    const user = await fundedInvestor(100_000);
    const paid = await withdraw(user, '30000');
    const returned = await withdraw(user, '20000');
    expect(paid.code).toBe(1);
    expect(returned.code).toBe(1);
    await post(t.app, `/api/staff/withdrawals/${paid.data.id}/approve`, {}, admin);
    await post(t.app, `/api/staff/withdrawals/${returned.data.id}/reject`, { reason: '口座相違' }, admin);
    type Line = { kind: string; cashChange: string; availableChange: string; heldChange: string };
    const lines = (await get<{ items: Line[] }>(t.app, '/api/account/ledger', user.token)).data.items;
    expect(lines.map((l) => [l.kind, l.cashChange, l.availableChange, l.heldChange])).toEqual([
      ['withdrawal_release', '0.00', '20000.00', '-20000.00'],
      ['withdrawal_payout', '-30000.00', '0.00', '-30000.00'],
      ['withdrawal_hold', '0.00', '-20000.00', '20000.00'],
      ['withdrawal_hold', '0.00', '-30000.00', '30000.00'],
      ['deposit', '100000.00', '100000.00', '0.00'],
    ]);
    expect(await balances(user.token)).toMatchObject({ available: '70000.00', held: '0.00' });
    const payout = await get<{ items: Line[] }>(
      t.app,
      '/api/account/ledger?kind=withdrawal_payout',
      user.token,
    );
    expect(payout.data.items).toEqual([expect.objectContaining({ cashChange: '-30000.00' })]);
    const csv = await t.app.inject({
      url: '/api/account/ledger.csv?lang=ja',
      headers: { token: user.token },
    });
    // 日時,取引種別,銘柄コード,銘柄名,入金額,出金額,拘束額の増減,参照: the payout is the only expenditure.
    expect(
      csv.body
        .split('\r\n')
        .slice(1, -1)
        .map((row) => {
          const [, kind, , , income, expenditure, held] = row.split(',');
          return [kind, income, expenditure, held];
        }),
    ).toEqual([
      ['出金取消（拘束解除）', '', '', '-20000.00'],
      ['出金', '', '30000.00', '-30000.00'],
      ['出金依頼（拘束）', '', '', '20000.00'],
      ['出金依頼（拘束）', '', '', '30000.00'],
      ['入金', '100000.00', '', ''],
    ]);
  });

  it('above the four-eyes threshold needs a second, different staff member', async () => {
    const user = await fundedInvestor(2_000_000);
    const big = await withdraw(user, '1500000');
    const first = await post<Withdrawal>(t.app, `/api/staff/withdrawals/${big.data.id}/approve`, {}, admin);
    expect(first.data).toMatchObject({ status: 'pending', approvedBy: [expect.any(String)] });
    const twice = await post(t.app, `/api/staff/withdrawals/${big.data.id}/approve`, {}, admin);
    // The same approver again changes nothing: still one approval of two, nothing paid.
    expect(twice.data).toMatchObject({ status: 'pending', approvedBy: first.data.approvedBy });
    expect((await balances(user.token)).held).toBe('1500000.00');
    const second = await newFinanceMember();
    const done = await post<Withdrawal>(t.app, `/api/staff/withdrawals/${big.data.id}/approve`, {}, second);
    expect(done.data.status).toBe('approved');
    expect(await balances(user.token)).toMatchObject({ available: '500000.00', held: '0.00' });
  });

  it("counts the user's whole JST day towards the threshold, so splitting a large amount does not avoid it", async () => {
    const user = await fundedInvestor(3_000_000);
    const needs = async (amount: string) => {
      const requested = await withdraw(user, amount);
      expect(requested.code).toBe(1);
      const row = await t.ctx.db
        .selectFrom('withdrawals')
        .select('approvals_needed')
        .where('id', '=', BigInt(requested.data.id))
        .executeTakeFirstOrThrow();
      return { id: requested.data.id, approvals: row.approvals_needed };
    };
    const first = await needs('600000');
    expect(first.approvals).toBe(1);
    const second = await needs('600000');
    expect(second.approvals).toBe(2); // 1,200,000 JPY today
    // A rejected request no longer counts.
    await post(t.app, `/api/staff/withdrawals/${second.id}/reject`, { reason: 'split' }, admin);
    expect((await needs('400000')).approvals).toBe(1); // 1,000,000 JPY: at the threshold, not above it
    t.clock.set(new Date(now.getTime() + 86_400_000)); // the next business day (Wednesday), same hour
    expect((await needs('600000')).approvals).toBe(1);
  });

  it('is not approved by the staff member who credited more than the notice announced', async () => {
    const user = await fundedInvestor(0);
    const credited = await creditForNotice(user, { noticed: '1', credited: '50000' }, admin);
    expect(credited.code).toBe(1);
    const requested = await withdraw(user, '50000');
    const refused = await post(t.app, `/api/staff/withdrawals/${requested.data.id}/approve`, {}, admin);
    expect(refused).toMatchObject({ status: 409, errorCode: 'WITHDRAWAL_APPROVER_CREDITED' });
    expect(await balances(user.token)).toMatchObject({ held: '50000.00' });
  });

  it('is not approved by the staff member who asked for the adjustment that funded it', async () => {
    const user = await fundedInvestor(0);
    const other = await newFinanceMember();
    const adjustmentId = await askedAdjustment(user.userId, '50000', admin);
    const reviewed = await post(t.app, `/api/staff/adjustments/${adjustmentId}/approve`, {}, other);
    expect(reviewed.code).toBe(1);
    const requested = await withdraw(user, '50000');
    const refused = await post(t.app, `/api/staff/withdrawals/${requested.data.id}/approve`, {}, admin);
    expect(refused).toMatchObject({ status: 409, errorCode: 'WITHDRAWAL_APPROVER_CREDITED' });
    // The reviewer of the adjustment did not invent it: they may approve the payout.
    const approved = await post<Withdrawal>(
      t.app,
      `/api/staff/withdrawals/${requested.data.id}/approve`,
      {},
      other,
    );
    expect(approved.data.status).toBe('approved');
  });

  it('is not approved by whoever asked for an adjustment long ago that was approved today: the money moved today', async () => {
    const user = await fundedInvestor(0);
    const other = await newFinanceMember();
    const adjustmentId = await askedAdjustment(user.userId, '50000', admin);
    // Asked for 40 days ago (pending adjustments wait for as long as no one reviews them).
    await t.ctx.db
      .updateTable('ledger_adjustments')
      .set({ created_at: new Date(now.getTime() - 40 * 86_400_000) })
      .where('id', '=', BigInt(adjustmentId))
      .execute();
    expect((await post(t.app, `/api/staff/adjustments/${adjustmentId}/approve`, {}, other)).code).toBe(1);
    const requested = await withdraw(user, '50000');
    await expectApproverCredited(requested.data.id, admin);
  });

  it('is not approved by the staff member who credited the user money without a notice', async () => {
    const user = await fundedInvestor(0);
    const credited = await post(
      t.app,
      '/api/staff/deposits',
      { userId: user.userId, amount: '50000', bankReference: `U-${process.pid}-${++refs}` },
      admin,
    );
    expect(credited.code).toBe(1);
    const requested = await withdraw(user, '50000');
    await expectApproverCredited(requested.data.id, admin);
    expect(await balances(user.token)).toMatchObject({ held: '50000.00' });
    await approvedByAnotherFinanceMember(requested.data.id);
  });

  it("is not approved by the staff member who credited the user's own notice: the investor writes it, so it proves nothing", async () => {
    // One finance insider and a colluding investor: a notice for money never sent, credited against a made-up
    // statement line, then withdrawn. The insider may not also pay it out.
    const user = await fundedInvestor(0);
    const credited = await creditForNotice(user, { noticed: '1000000', credited: '1000000' }, clerk);
    expect(credited.code).toBe(1);
    const requested = await withdraw(user, '1000000');
    expect(requested.data).toMatchObject({ status: 'pending' });
    await expectApproverCredited(requested.data.id, clerk);
    expect(await balances(user.token)).toMatchObject({ available: '0.00', held: '1000000.00' });
    const approvals = await t.ctx.db
      .selectFrom('withdrawal_approvals')
      .select('staff_id')
      .where('withdrawal_id', '=', BigInt(requested.data.id))
      .execute();
    expect(approvals).toEqual([]);
    await approvedByAnotherFinanceMember(requested.data.id);
    expect(await balances(user.token)).toMatchObject({ available: '0.00', held: '0.00' });
  });

  it('to an account the user removed afterwards is not paid, only rejected', async () => {
    const user = await fundedInvestor(30_000);
    const requested = await withdraw(user, '20000');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/funding/bank-accounts/${user.bankAccountId}`,
      headers: { token: user.token },
    });
    expect(removed.json()).toMatchObject({ code: 1 });
    const queue = await get<{ items: { id: string }[] }>(
      t.app,
      '/api/staff/withdrawals?status=pending&pageSize=100',
      admin,
    );
    expect(queue.data.items.find((item) => item.id === requested.data.id)).toMatchObject({
      bankAccountRemoved: true,
      // Finance transfers to the whole number; the investor's own views show the last four digits only.
      branchCode: '001',
      accountNumber: '1234567',
      accountLast4: '4567',
    });
    const approve = await post(t.app, `/api/staff/withdrawals/${requested.data.id}/approve`, {}, admin);
    expect(approve.errorCode).toBe('WITHDRAWAL_ACCOUNT_REMOVED');
    expect(await balances(user.token)).toMatchObject({ held: '20000.00' });
    const rejected = await post(
      t.app,
      `/api/staff/withdrawals/${requested.data.id}/reject`,
      { reason: '出金先口座が削除されたため' },
      admin,
    );
    expect(rejected.code).toBe(1);
    expect(await balances(user.token)).toMatchObject({ available: '30000.00', held: '0.00' });
  });

  it('is refused to staff without the permission', async () => {
    const dealer = await createStaff(t, `dl${process.pid}${++refs}`, 'dealer');
    const token = await staffToken(t, dealer.username, dealer.password, dealer.secret);
    expect((await get(t.app, '/api/staff/withdrawals', token)).errorCode).toBe('STAFF_PERMISSION_DENIED');
  });
});

describe('bank accounts', () => {
  it('keep the holder name as the bank records it: hiragana and half-width kana become katakana, kanji is refused', async () => {
    const user = await fundedInvestor(0);
    const add = (holderName: string) =>
      post<{ holderName: string }>(
        t.app,
        '/api/funding/bank-accounts?lang=ja',
        { holderName, bankName: '銀行', branchName: '支店', branchCode: '003', accountNumber: '1112223' },
        user.token,
      );
    expect((await add('やまだ　たろう')).data.holderName).toBe('ヤマダ タロウ');
    expect(await add('山田花子')).toMatchObject({
      errorCode: 'HOLDER_NAME_KANA',
      msg: '口座名義は通帳と同じくカタカナ（または英大文字）で入力してください',
    });
  });

  it('name each missing field, keep only the last four digits visible, and stop at five', async () => {
    const user = await fundedInvestor(0);
    const add = (payload: object) => post(t.app, '/api/funding/bank-accounts?lang=ja', payload, user.token);
    const full = {
      holderName: 'ヤマダ タロウ',
      bankName: '銀行',
      branchName: '支店',
      branchCode: '002',
      accountNumber: '7654321',
    };
    for (const [field, code] of [
      ['holderName', 'HOLDER_NAME_REQUIRED'],
      ['bankName', 'BANK_NAME_REQUIRED'],
      ['branchName', 'BRANCH_NAME_REQUIRED'],
      ['branchCode', 'BRANCH_CODE_REQUIRED'],
      ['accountNumber', 'ACCOUNT_NUMBER_REQUIRED'],
    ] as const)
      expect((await add({ ...full, [field]: '' })).errorCode).toBe(code);
    expect((await add({ ...full, branchCode: '12' })).errorCode).toBe('BRANCH_CODE_INVALID');
    expect((await add({ ...full, accountNumber: '12345678' })).errorCode).toBe('ACCOUNT_NUMBER_INVALID');
    const listed = await get<{ items: Record<string, string>[] }>(
      t.app,
      '/api/funding/bank-accounts',
      user.token,
    );
    expect(listed.data.items[0]).toMatchObject({ accountLast4: '4567' });
    expect(JSON.stringify(listed.data)).not.toContain('1234567');
    for (let i = 0; i < 4; i += 1) expect((await add({ ...full, accountNumber: `765432${i}` })).code).toBe(1);
    expect((await add({ ...full, accountNumber: '7654329' })).errorCode).toBe('BANK_ACCOUNT_LIMIT');
    expect((await add({ ...full, accountNumber: '7654320' })).errorCode).toBe('BANK_ACCOUNT_DUPLICATE');
  });
});

describe('only to an account in the investor’s own name (本人名義)', () => {
  const accountsOf = async (token: string) =>
    (await get<{ items: { holderName: string }[] }>(t.app, '/api/funding/bank-accounts', token)).data.items;
  const addAccount = (token: string, holderName: string, accountNumber: string, lang = 'ja') =>
    post<{ holderName: string }>(
      t.app,
      `/api/funding/bank-accounts?lang=${lang}`,
      { holderName, bankName: '三井住友銀行', branchName: '新宿支店', branchCode: '221', accountNumber },
      token,
    );

  it('refuses to add an account in another person’s name once identity is verified, and stores nothing', async () => {
    const user = await fundedInvestor(0);
    const before = await accountsOf(user.token);
    const refused = await addAccount(user.token, 'スズキ ハナコ', '3334445');
    expect(refused).toMatchObject({
      status: 409,
      errorCode: 'BANK_HOLDER_MISMATCH',
      msg: '口座名義がご本人のお名前（フリガナ）と一致しません。ご本人名義の口座のみ登録できます',
    });
    expect((await addAccount(user.token, 'ヤマダ ジロウ', '3334446', 'en')).msg).toBe(
      'The account holder does not match your name (katakana). Only accounts in your own name can be registered',
    );
    expect(await accountsOf(user.token)).toEqual(before);
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select('kind')
      .where('user_id', '=', BigInt(user.userId))
      .where('kind', '=', 'bank_account_added')
      .execute();
    expect(messages).toHaveLength(1);
  });

  it('accepts the own name however it is typed: half-width kana, hiragana, without or with full-width spaces', async () => {
    const user = await fundedInvestor(0);
    const variants = ['ﾔﾏﾀﾞ ﾀﾛｳ', 'やまだ　たろう', 'ヤマダタロウ', '　ヤマダ　　タロウ '];
    for (const [index, holderName] of variants.entries()) {
      const added = await addAccount(user.token, holderName, `555000${index}`);
      expect(added.code, holderName).toBe(1);
    }
    const holders = (await accountsOf(user.token)).map((account) => account.holderName);
    expect(holders).toEqual(expect.arrayContaining(['ヤマダ タロウ', 'ヤマダタロウ']));
  });

  it('refuses a withdrawal to an account added before verification in another name: nothing held or moved', async () => {
    const user = await fundedInvestor(50_000, { holderName: 'スズキ ハナコ' });
    const before = await balances(user.token);
    const result = await withdraw(user, '10000');
    expect(result).toMatchObject({ status: 409, errorCode: 'WITHDRAWAL_HOLDER_MISMATCH' });
    expect(result.msg).toContain('does not match your verified name (katakana)');
    expect(await balances(user.token)).toEqual(before);
    expect(before).toMatchObject({ available: '50000.00', held: '0.00' });
    const rows = await t.ctx.db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', BigInt(user.userId))
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('pays out to an account added before verification when its holder is the verified name', async () => {
    const user = await fundedInvestor(50_000, { holderName: 'ﾔﾏﾀﾞ ﾀﾛｳ' });
    expect((await withdraw(user, '10000')).code).toBe(1);
  });

  it('refuses a withdrawal when the verification has no katakana name (verified before フリガナ was asked for)', async () => {
    const user = await fundedInvestor(50_000, { holderName: 'ヤマダ タロウ', kana: null });
    const result = await withdraw(user, '10000');
    expect(result.errorCode).toBe('WITHDRAWAL_HOLDER_MISMATCH');
    expect(await balances(user.token)).toMatchObject({ available: '50000.00', held: '0.00' });
    expect((await addAccount(user.token, 'ヤマダ タロウ', '6667778')).errorCode).toBe('BANK_HOLDER_MISMATCH');
  });

  it('another user’s token neither sees nor uses the accounts', async () => {
    const owner = await fundedInvestor(50_000);
    const other = await fundedInvestor(50_000);
    const listed = await accountsOf(other.token);
    expect(listed.map((account) => (account as { id?: string }).id)).not.toContain(owner.bankAccountId);
    const result = await withdraw({ token: other.token, bankAccountId: owner.bankAccountId }, '10000');
    expect(result.errorCode).toBe('BANK_ACCOUNT_NOT_FOUND');
    expect(await balances(other.token)).toMatchObject({ available: '50000.00', held: '0.00' });
  });

  it('pays nothing out on approval to an account not in the verified name (a request made before the check)', async () => {
    const user = await fundedInvestor(50_000);
    const pending = await withdraw(user, '20000');
    expect(pending.code).toBe(1);
    // A request from before holders were compared: its account was never checked against the name.
    await sql`UPDATE bank_accounts SET holder_name = 'スズキ ハナコ' WHERE id = ${BigInt(user.bankAccountId)}`.execute(
      t.ctx.db,
    );
    const refused = await post(t.app, `/api/staff/withdrawals/${pending.data.id}/approve?lang=ja`, {}, admin);
    expect(refused).toMatchObject({ status: 409, errorCode: 'WITHDRAWAL_PAYEE_NOT_HOLDER' });
    expect(refused.msg).toContain('本人名義');
    expect(await balances(user.token)).toMatchObject({ available: '30000.00', held: '20000.00' });
    const row = await t.ctx.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', BigInt(pending.data.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const rejected = await post(
      t.app,
      `/api/staff/withdrawals/${pending.data.id}/reject`,
      { reason: '口座名義が一致しません' },
      admin,
    );
    expect(rejected.code).toBe(1);
    expect(await balances(user.token)).toMatchObject({ available: '50000.00', held: '0.00' });
  });
});

describe('concurrency', () => {
  it('50 simultaneous requests never overdraw: exactly the affordable number are accepted', async () => {
    const user = await fundedInvestor(250_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(user, '10000')));
    const accepted = results.filter((result) => result.code === 1);
    expect(accepted).toHaveLength(25);
    expect(new Set(results.filter((r) => r.code !== 1).map((r) => r.errorCode))).toEqual(
      new Set(['INSUFFICIENT_FUNDS']),
    );
    expect(await balances(user.token)).toMatchObject({ available: '0.00', held: '250000.00' });
    const verify = await get<{ balanced: boolean }>(t.app, '/api/staff/ledger/verify', admin);
    expect(verify.data.balanced).toBe(true);
  });
});

describe('a frozen account', () => {
  it('is paid nothing until staff unfreeze it', async () => {
    const user = await fundedInvestor(50_000);
    const pending = await withdraw(user, '20000');
    await post(t.app, `/api/staff/users/${user.userId}/freeze`, { reason: 'suspected takeover' }, admin);
    const refused = await post(t.app, `/api/staff/withdrawals/${pending.data.id}/approve`, {}, admin);
    expect(refused.errorCode).toBe('ACCOUNT_FROZEN');
    const held = await t.ctx.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', BigInt(pending.data.id))
      .executeTakeFirstOrThrow();
    expect(held.status).toBe('pending');
  });
});

// Last in the file: it moves the clock on by minutes, past the next test's start.
describe('a withdrawal resent after a step-up (the same Idempotency-Key)', () => {
  it('still needs the right transaction password, and holds the amount once', async () => {
    const user = await fundedInvestor(50_000);
    const config = t.ctx.config as { requireStepUp: boolean };
    config.requireStepUp = true;
    try {
      await stepUpBySms(t, user);
      const started = await post<{ secret: string }>(t.app, '/api/account/factors/totp', {}, user.token);
      const enrolled = await post(
        t.app,
        '/api/account/factors/totp/verify',
        { code: totpNow(t, started.data.secret) },
        user.token,
      );
      expect(enrolled.code).toBe(1);
      t.clock.advance(10 * 60);
      const key = 'w-step-up-1';
      expect((await withdraw(user, '10000', {}, key)).errorCode).toBe('STEP_UP_REQUIRED');
      expect(await balances(user.token)).toMatchObject({ available: '50000.00', held: '0.00' });
      const stepped = await post(
        t.app,
        '/api/auth/step-up',
        { method: 'totp', code: totpNow(t, started.data.secret) },
        user.token,
      );
      expect(stepped.code).toBe(1);
      const wrong = await withdraw(user, '10000', { transactionPassword: 'nope99' }, key);
      expect(wrong.errorCode).toBe('TRANSACTION_PASSWORD_WRONG');
      expect(await balances(user.token)).toMatchObject({ available: '50000.00', held: '0.00' });
      const sent = await withdraw(user, '10000', {}, key);
      expect(sent.code).toBe(1);
      const again = await withdraw(user, '10000', {}, key);
      expect(again.data.id).toBe(sent.data.id);
      expect((await withdraw(user, '20000', {}, key)).code).not.toBe(1);
      expect(await balances(user.token)).toMatchObject({ available: '40000.00', held: '10000.00' });
    } finally {
      config.requireStepUp = false;
    }
  });
});
