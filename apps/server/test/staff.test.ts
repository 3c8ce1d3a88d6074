import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaff,
  createTestApp,
  DEMO,
  get,
  loginDemo,
  post,
  registerUser,
  staffToken,
  totpNow,
  type TestApp,
} from './harness';

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// A fresh admin session for every test, so no test relies on what an earlier one did to the clock.
let admin: string;
beforeEach(async () => {
  admin = await staffToken(t);
});
afterAll(() => t.close());

type Audit = {
  items: {
    action: string;
    targetId: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
    staffUsername: string | null;
  }[];
  total: number;
};

describe('staff login', () => {
  it('requires the TOTP code', async () => {
    const missing = await post(t.app, '/api/staff/auth/login?lang=en', {
      username: 'admin',
      password: DEMO.staff.password,
      totp: '',
    });
    expect(missing).toMatchObject({
      status: 400,
      errorCode: 'STAFF_TOTP_REQUIRED',
      msg: 'Please enter the 6-digit authenticator code',
    });
    const wrong = await post(t.app, '/api/staff/auth/login?lang=ja', {
      username: 'admin',
      password: DEMO.staff.password,
      totp: totpNow(t, DEMO.staff.totpSecret, 5),
    });
    expect(wrong).toMatchObject({
      status: 400,
      errorCode: 'STAFF_INVALID_CREDENTIALS',
      msg: 'スタッフID、パスワードまたは認証コードが正しくありません',
    });
  });

  it('refuses a wrong password with the same message', async () => {
    const result = await post(t.app, '/api/staff/auth/login?lang=en', {
      username: 'admin',
      password: 'nope',
      totp: totpNow(t),
    });
    expect(result.errorCode).toBe('STAFF_INVALID_CREDENTIALS');
  });

  it('accepts a code once only', async () => {
    const code = totpNow(t);
    const first = await post(t.app, '/api/staff/auth/login', {
      username: 'admin',
      password: DEMO.staff.password,
      totp: code,
    });
    expect(first.code).toBe(1);
    const replay = await post(t.app, '/api/staff/auth/login', {
      username: 'admin',
      password: DEMO.staff.password,
      totp: code,
    });
    expect(replay.errorCode).toBe('STAFF_INVALID_CREDENTIALS');
    t.clock.advance(30);
  });

  it('returns the profile with the permissions of the role', async () => {
    const me = await get<{ username: string; role: string; permissions: string[] }>(
      t.app,
      '/api/staff/me',
      admin,
    );
    expect(me.data).toMatchObject({ username: 'admin', role: 'admin' });
    expect(me.data.permissions).toContain('users.freeze');
  });

  it('audits successful and failed logins', async () => {
    const member = await createStaff(t, 'audited', 'support');
    const wrong = await post(t.app, '/api/staff/auth/login', {
      username: 'audited',
      password: 'wrong-password',
      totp: totpNow(t, member.secret),
    });
    expect(wrong.errorCode).toBe('STAFF_INVALID_CREDENTIALS');
    await staffToken(t, member.username, member.password, member.secret);
    const failed = await get<Audit>(
      t.app,
      '/api/staff/audit-log?action=staff.login_failed&targetId=audited',
      admin,
    );
    expect(failed.data.items.map((item) => [item.targetId, item.reason])).toEqual([['audited', 'password']]);
    const ok = await get<Audit>(t.app, '/api/staff/audit-log?action=staff.login&targetId=audited', admin);
    expect(ok.data.total).toBe(1);
    expect(ok.data.items[0]?.staffUsername).toBe('audited');
  });
});

describe('who may call staff endpoints', () => {
  it('refuses an investor token and no token', async () => {
    const investor = await loginDemo(t);
    expect(await get(t.app, '/api/staff/users', investor.token)).toMatchObject({ status: 401, code: 401 });
    expect(await get(t.app, '/api/staff/users')).toMatchObject({ status: 401, code: 401 });
  });

  it('refuses a staff token on investor endpoints', async () => {
    expect(await get(t.app, '/api/index/getCzhiurl', admin)).toMatchObject({ status: 401, code: 401 });
  });

  it('checks the permission of the role on every endpoint', async () => {
    const support = await createStaff(t, 'support1', 'support');
    const token = await staffToken(t, support.username, support.password, support.secret);
    expect((await get(t.app, '/api/staff/users', token)).code).toBe(1);
    expect((await get(t.app, '/api/staff/invitation-codes', token)).code).toBe(1);
    const denied = [
      await get(t.app, '/api/staff/sms-outbox', token),
      await post(t.app, '/api/staff/users/100001/freeze?lang=en', { reason: 'x' }, token),
      await post(t.app, '/api/staff/invitation-codes', { maxUses: 1 }, token),
      await get(t.app, '/api/staff/audit-log', token),
    ];
    for (const result of denied)
      expect(result).toMatchObject({ status: 403, errorCode: 'STAFF_PERMISSION_DENIED' });
    const dealer = await createStaff(t, 'dealer1', 'dealer');
    const dealerToken = await staffToken(t, dealer.username, dealer.password, dealer.secret);
    expect((await get(t.app, '/api/staff/invitation-codes', dealerToken)).status).toBe(403);
    const compliance = await createStaff(t, 'compliance1', 'compliance');
    const complianceToken = await staffToken(t, compliance.username, compliance.password, compliance.secret);
    expect((await get(t.app, '/api/staff/sms-outbox', complianceToken)).code).toBe(1);
    expect((await post(t.app, '/api/staff/invitation-codes', { maxUses: 1 }, complianceToken)).status).toBe(
      403,
    );
  });

  it('ends on logout', async () => {
    const token = await staffToken(t);
    expect((await post(t.app, '/api/staff/auth/logout', {}, token)).code).toBe(1);
    expect((await get(t.app, '/api/staff/me', token)).status).toBe(401);
  });

  it('expires after the idle time', async () => {
    const token = await staffToken(t);
    t.clock.advance(31 * 60);
    expect((await get(t.app, '/api/staff/me', token)).status).toBe(401);
  });
});

describe('users', () => {
  it('lists and searches users with pagination', async () => {
    const user = await registerUser(t);
    const all = await get<{ items: { userId: string }[]; total: number; pageSize: number }>(
      t.app,
      '/api/staff/users?pageSize=1',
      admin,
    );
    expect(all.data.items).toHaveLength(1);
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    const found = await get<{ items: { mobile: string; inviteCode: string }[]; total: number }>(
      t.app,
      `/api/staff/users?q=${user.mobile}`,
      admin,
    );
    expect(found.data).toMatchObject({ total: 1, items: [{ mobile: user.mobile, inviteCode: 'WELCOME' }] });
    const byId = await get<{ total: number }>(t.app, `/api/staff/users?q=${user.userId}`, admin);
    expect(byId.data.total).toBe(1);
    expect((await get(t.app, '/api/staff/users?page=0', admin)).status).toBe(400);
  });

  it('shows detail with sessions, and the view is audited', async () => {
    const user = await registerUser(t);
    await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password }, undefined, {
      headers: { 'user-agent': WINDOWS_CHROME },
    });
    const detail = await get<{
      user: { mobile: string; status: string };
      sessions: { active: boolean; deviceName: string | null }[];
    }>(t.app, `/api/staff/users/${user.userId}`, admin);
    expect(detail.data.user).toMatchObject({ mobile: user.mobile, status: 'active' });
    expect(detail.data.sessions).toHaveLength(2);
    expect(detail.data.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ active: true, deviceName: 'Chrome · Windows' }),
        expect.objectContaining({ active: true, deviceName: null }),
      ]),
    );
    await get(t.app, `/api/staff/users/000${user.userId}`, admin);
    const audit = await get<Audit>(
      t.app,
      `/api/staff/audit-log?action=user.view&targetId=${user.userId}`,
      admin,
    );
    expect(audit.data.total).toBe(2);
    expect(await get(t.app, '/api/staff/users/999999999?lang=en', admin)).toMatchObject({
      status: 404,
      errorCode: 'USER_NOT_FOUND',
    });
    expect(await get(t.app, '/api/staff/users/abc', admin)).toMatchObject({
      status: 404,
      errorCode: 'USER_NOT_FOUND',
    });
    expect(await get(t.app, '/api/staff/users/1e3', admin)).toMatchObject({ status: 404 });
  });

  it('freezes with a reason: sessions end, login refused, audited with before and after; unfreeze restores', async () => {
    const user = await registerUser(t);
    const noReason = await post(
      t.app,
      `/api/staff/users/${user.userId}/freeze?lang=en`,
      { reason: '  ' },
      admin,
    );
    expect(noReason).toMatchObject({
      status: 400,
      errorCode: 'REASON_REQUIRED',
      msg: 'Please enter a reason',
    });
    const frozen = await post<{ status: string; frozenReason: string }>(
      t.app,
      `/api/staff/users/${user.userId}/freeze`,
      { reason: 'Suspicious activity' },
      admin,
    );
    expect(frozen.data).toMatchObject({ status: 'frozen', frozenReason: 'Suspicious activity' });
    expect((await get(t.app, '/api/index/getCzhiurl', user.token)).status).toBe(401);
    const login = await post(t.app, '/api/auth/login?lang=en', {
      account: user.mobile,
      password: user.password,
    });
    expect(login).toMatchObject({ status: 403, errorCode: 'ACCOUNT_FROZEN' });
    const wrongPassword = await post(t.app, '/api/auth/login', {
      account: user.mobile,
      password: 'not-it-1',
    });
    expect(wrongPassword.errorCode).toBe('INVALID_CREDENTIALS');
    expect(
      (await post(t.app, `/api/staff/users/${user.userId}/freeze`, { reason: 'again' }, admin)).errorCode,
    ).toBe('ALREADY_FROZEN');
    const audit = await get<Audit>(
      t.app,
      `/api/staff/audit-log?action=user.freeze&targetId=${user.userId}`,
      admin,
    );
    expect(audit.data.items[0]).toMatchObject({
      reason: 'Suspicious activity',
      before: { status: 'active', frozenReason: null },
      after: { status: 'frozen', frozenReason: 'Suspicious activity' },
      staffUsername: 'admin',
    });
    const unfrozen = await post<{ status: string }>(
      t.app,
      `/api/staff/users/${user.userId}/unfreeze`,
      { reason: 'Verified by phone' },
      admin,
    );
    expect(unfrozen.data.status).toBe('active');
    expect(
      (await post(t.app, '/api/auth/login', { account: user.mobile, password: user.password })).code,
    ).toBe(1);
    expect(
      (await post(t.app, `/api/staff/users/${user.userId}/unfreeze`, { reason: 'again' }, admin)).errorCode,
    ).toBe('NOT_FROZEN');
  });
});

describe('invitation codes', () => {
  it('creates a limited code that a new user registers with, once', async () => {
    const created = await post<{
      id: string;
      code: string;
      maxUses: number;
      usedCount: number;
      createdBy: string;
    }>(t.app, '/api/staff/invitation-codes', { maxUses: 1, note: 'Campaign A' }, admin);
    expect(created.data).toMatchObject({ maxUses: 1, usedCount: 0, createdBy: 'admin' });
    expect(created.data.code).toMatch(/^[A-Z2-9]{8}$/);
    await registerUser(t, created.data.code);
    await expect(registerUser(t, created.data.code)).rejects.toThrow('INVITE_CODE_INVALID');
    const list = await get<{ items: { code: string; usedCount: number }[] }>(
      t.app,
      '/api/staff/invitation-codes',
      admin,
    );
    expect(list.data.items.find((c) => c.code === created.data.code)?.usedCount).toBe(1);
    const audit = await get<Audit>(
      t.app,
      `/api/staff/audit-log?action=invitation.create&targetId=${created.data.id}`,
      admin,
    );
    expect(audit.data.total).toBe(1);
  });

  it('accepts a chosen code, refuses duplicates and bad limits', async () => {
    expect(
      (await post(t.app, '/api/staff/invitation-codes', { code: 'spring26', maxUses: null }, admin)).code,
    ).toBe(1);
    expect(
      await post(t.app, '/api/staff/invitation-codes?lang=en', { code: 'SPRING26', maxUses: null }, admin),
    ).toMatchObject({ status: 409, errorCode: 'INVITE_CODE_EXISTS' });
    expect(
      (await post(t.app, '/api/staff/invitation-codes', { code: 'a!', maxUses: 1 }, admin)).errorCode,
    ).toBe('INVITE_CODE_FORMAT');
    expect((await post(t.app, '/api/staff/invitation-codes', { maxUses: 0 }, admin)).errorCode).toBe(
      'INVITE_MAX_USES_INVALID',
    );
    expect((await post(t.app, '/api/staff/invitation-codes', { maxUses: 1.5 }, admin)).errorCode).toBe(
      'INVITE_MAX_USES_INVALID',
    );
  });

  it('disables a code with a reason, after which it cannot be used', async () => {
    const created = await post<{ id: string; code: string }>(
      t.app,
      '/api/staff/invitation-codes',
      { maxUses: null },
      admin,
    );
    const disabled = await post<{ disabled: boolean }>(
      t.app,
      `/api/staff/invitation-codes/${created.data.id}/disable`,
      { reason: 'Campaign over' },
      admin,
    );
    expect(disabled.data.disabled).toBe(true);
    await expect(registerUser(t, created.data.code)).rejects.toThrow('INVITE_CODE_INVALID');
    expect(
      (await post(t.app, '/api/staff/invitation-codes/999999/disable', { reason: 'x' }, admin)).status,
    ).toBe(404);
    const again = await post(
      t.app,
      `/api/staff/invitation-codes/${created.data.id}/disable?lang=en`,
      { reason: 'again' },
      admin,
    );
    expect(again).toMatchObject({ status: 409, errorCode: 'INVITE_ALREADY_DISABLED' });
    const disables = await get<Audit>(
      t.app,
      `/api/staff/audit-log?action=invitation.disable&targetId=${created.data.id}`,
      admin,
    );
    expect(disables.data.total).toBe(1);
    const referral = await t.ctx.db
      .selectFrom('invitation_codes')
      .select('id')
      .where('code', '=', DEMO.investor.referralCode)
      .executeTakeFirstOrThrow();
    // Any code may be disabled, a user's referral code too; it then admits nobody.
    const disableReferral = await post<{ kind: string; disabled: boolean }>(
      t.app,
      `/api/staff/invitation-codes/${referral.id}/disable`,
      { reason: 'Referral abuse' },
      admin,
    );
    expect(disableReferral.data).toMatchObject({ kind: 'user', disabled: true });
    await expect(registerUser(t, DEMO.investor.referralCode)).rejects.toThrow('INVITE_CODE_INVALID');
  });
});

describe('audit log', () => {
  it('cannot be changed or deleted, even by SQL', async () => {
    await expect(sql`UPDATE audit_log SET action = 'forged'`.execute(t.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.ctx.db)).rejects.toThrow(/append-only/);
    const audit = await get<Audit>(t.app, '/api/staff/audit-log', admin);
    expect(audit.data.items.every((entry) => entry.action !== 'forged')).toBe(true);
  });
});

describe('SMS outbox', () => {
  it('shows sent codes to staff, filtered by number, and every look is audited', async () => {
    const user = await registerUser(t);
    const outbox = await get<{ items: { mobile: string; code: string; text: string }[] }>(
      t.app,
      `/api/staff/sms-outbox?mobile=${user.mobile}`,
      admin,
    );
    expect(outbox.data.items).toHaveLength(1);
    expect(outbox.data.items[0]?.text).toContain(outbox.data.items[0]!.code);
    const audit = await get<Audit>(
      t.app,
      `/api/staff/audit-log?action=sms_outbox.view&targetId=${user.mobile}`,
      admin,
    );
    expect(audit.data.items[0]).toMatchObject({ staffUsername: 'admin', targetId: user.mobile });
  });
});
