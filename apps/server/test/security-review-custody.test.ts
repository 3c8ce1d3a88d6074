// Found by a security review of the custody rule (staff-custody.test.ts): each test failed before its fix.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import {
  independentStaff,
  staffIssuedBy,
  createTestApp,
  post,
  registerVerifiedUser,
  staffToken,
  verifiedInvestorWithBankAccount,
  type TestApp,
} from './harness';

// Tuesday 2026-11-24 10:00 JST; every jump below is a whole number of weeks, so withdrawals stay open.
const OPEN = new Date('2026-11-24T01:00:00Z');
const DAY_MS = 86_400_000;
const later = (days: number) => t.clock.set(new Date(t.clock.now().getTime() + days * DAY_MS));

let t: TestApp;
let admin: string;
let refs = 0;
beforeAll(async () => {
  t = await createTestApp({
    requireStepUp: false,
    sessionIdleSeconds: 400 * 86400,
    sessionTtlSeconds: 400 * 86400,
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(new Date(Math.max(OPEN.getTime(), t.clock.now().getTime()) + 300_000));
  admin = await staffToken(t);
});

/** A verified investor with a bank account in their own name. */
async function investor() {
  const user = await verifiedInvestorWithBankAccount(t);
  return { userId: user.userId, token: user.token, accountId: user.bankAccountId };
}

async function credit(userId: string, yen: number, by: string) {
  const credited = await post(
    t.app,
    '/api/staff/deposits',
    { userId, amount: String(yen), bankReference: `RV-${process.pid}-${++refs}` },
    by,
  );
  expect(credited.code).toBe(1);
}

async function withdraw(user: { token: string; accountId: string }, yen: number) {
  const asked = await post<{ id: string }>(
    t.app,
    '/api/funding/withdrawals',
    { amount: String(yen), bankAccountId: user.accountId, transactionPassword: '246810' },
    user.token,
  );
  expect(asked.code).toBe(1);
  return asked.data.id;
}

const approve = (withdrawalId: string, staff: string) =>
  post<{ status: string }>(t.app, `/api/staff/withdrawals/${withdrawalId}/approve`, {}, staff);

const askAdjustment = async (userId: string, yen: number, by: string) => {
  const asked = await post<{ id: string }>(
    t.app,
    '/api/staff/adjustments',
    { userId, amount: String(yen), reason: 'goodwill refund' },
    by,
  );
  expect(asked.code).toBe(1);
  return asked.data.id;
};
const approveAdjustment = (id: string, by: string) =>
  post(t.app, `/api/staff/adjustments/${id}/approve`, {}, by);

const expectJoined = (answer: { status: number; errorCode?: string }) =>
  expect(answer).toMatchObject({ status: 409, errorCode: 'STAFF_JOINED_BY_CREDENTIALS' });

describe('the custody rule, as a security review attacked it', () => {
  it('F1: the admin does not give the second approval of a large withdrawal its puppet approved first, however long it waited', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const clerk = await independentStaff(t, 'finance');
    const user = await investor();
    await credit(user.userId, 2_000_000, clerk.token);
    const id = await withdraw(user, 1_500_000);
    // First approval given as the puppet, while in the admin's custody.
    expect((await approve(id, puppet.token)).data.status).toBe('pending');
    later(63); // the investor (colluding) leaves it pending
    const sameAdmin = await staffToken(t);
    const second = await approve(id, sameAdmin);
    expect(second.data?.status).not.toBe('approved');
    expectJoined(second);
  });

  it('F2: the admin does not pay out a credit its puppet asked for while in custody, approved (by someone else) weeks later', async () => {
    const puppet = await staffIssuedBy(t, admin, 'finance');
    const user = await investor();
    const adjustment = await askAdjustment(user.userId, 50_000, puppet.token); // asked while in custody
    later(63);
    const other = await independentStaff(t, 'finance');
    expect((await approveAdjustment(adjustment, other.token)).code).toBe(1); // money moves today
    const id = await withdraw(user, 20_000);
    const sameAdmin = await staffToken(t);
    expectJoined(await approve(id, sameAdmin));
  });

  it('F3: two independent admins stay two people when each issued credentials to the same member', async () => {
    const first = await independentStaff(t, 'admin');
    const second = await independentStaff(t, 'admin');
    later(63); // nothing older in the window
    const first2 = await staffToken(t, first.username, first.password, first.secret);
    const member = await staffIssuedBy(t, first2, 'finance');
    // The member lost its phone: the other admin resets its authenticator.
    const reset = await post(
      t.app,
      `/api/staff/members/${member.id}/reset-authenticator`,
      { reason: 'lost phone' },
      await staffToken(t, second.username, second.password, second.secret),
    );
    expect(reset.code).toBe(1);
    // Neither admin can sign in as the other: the second asks, the first approves.
    const user = await registerVerifiedUser(t);
    const second2 = await staffToken(t, second.username, second.password, second.secret);
    const adjustment = await askAdjustment(user.userId, 5_000, second2);
    const answer = await approveAdjustment(
      adjustment,
      await staffToken(t, first.username, first.password, first.secret),
    );
    expect(answer).toMatchObject({ status: 200, code: 1 });
  });

  it('F5a: STAFF_CUSTODY_DAYS takes a plain number of days up to ten years', () => {
    for (const raw of ['1e9', '0x1e', '999999999', '3651', '30.5', '-1'])
      expect(() => loadConfig({ DATA_DIR: '/nonexistent', STAFF_CUSTODY_DAYS: raw })).toThrow();
    expect(loadConfig({ DATA_DIR: '/nonexistent', STAFF_CUSTODY_DAYS: ' 3650 ' }).staffCustodyDays).toBe(
      3650,
    );
  });

  it('F5b: the longest STAFF_CUSTODY_DAYS still lets independent members approve', async () => {
    const requester = await independentStaff(t, 'finance');
    const approver = await independentStaff(t, 'finance');
    const user = await registerVerifiedUser(t);
    const adjustment = await askAdjustment(user.userId, 5_000, requester.token);
    const days = t.ctx.config.staffCustodyDays;
    (t.ctx.config as { staffCustodyDays: number }).staffCustodyDays = 3650;
    try {
      expect((await approveAdjustment(adjustment, approver.token)).status).toBe(200);
    } finally {
      (t.ctx.config as { staffCustodyDays: number }).staffCustodyDays = days;
    }
  });
});
