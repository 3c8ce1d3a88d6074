import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, get, post, registerUser, totpNow, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Session = { token: string; deviceToken: string };

const login = (account: string, password: string, deviceToken?: string) =>
  post<Session>(t.app, '/api/auth/login', { account, password, ...(deviceToken ? { deviceToken } : {}) });

async function lockInvestor(mobile: string) {
  const answers = [];
  for (let i = 0; i < 5; i += 1) answers.push(await login(mobile, 'wrong-pass'));
  return answers;
}

describe('investor lockout', () => {
  it('locks the account for anonymous clients without signing the victim out', async () => {
    const victim = await registerUser(t);
    const earlier = await login(victim.mobile, victim.password);
    expect(earlier.code).toBe(1);
    const answers = await lockInvestor(victim.mobile);
    expect(answers.slice(0, 4).map((a) => a.errorCode)).toEqual(Array(4).fill('INVALID_CREDENTIALS'));
    expect(answers[4]).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });

    // (a) sessions opened before the lock keep working
    expect((await get(t.app, '/api/index/getUserInfo', victim.token)).status).toBe(200);
    expect((await get(t.app, '/api/index/getUserInfo', earlier.data.token)).status).toBe(200);
    // (c) the right password without a device token is refused
    expect(await login(victim.mobile, victim.password)).toMatchObject({
      status: 423,
      errorCode: 'ACCOUNT_LOCKED',
    });
    // (b) the right password with the device token of an earlier login gets in
    const trusted = await login(victim.mobile, victim.password, earlier.data.deviceToken);
    expect(trusted.code).toBe(1);
    expect(trusted.data.deviceToken).toBe(earlier.data.deviceToken);
    expect((await get(t.app, '/api/index/getUserInfo', trusted.data.token)).status).toBe(200);
  });

  it('gives a wrong and a right password the same answer while locked', async () => {
    const victim = await registerUser(t);
    await lockInvestor(victim.mobile);
    const strip = ({ headers: _headers, ...rest }: Awaited<ReturnType<typeof login>>) => rest;
    const wrong = strip(await login(victim.mobile, 'wrong-pass'));
    const right = strip(await login(victim.mobile, victim.password));
    expect(wrong).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });
    expect(right).toEqual(wrong);
  });

  it('counts wrong passwords with a device token against that device only', async () => {
    const victim = await registerUser(t);
    const phone = await login(victim.mobile, victim.password);
    const laptop = await login(victim.mobile, victim.password);
    expect(phone.data.deviceToken).not.toBe(laptop.data.deviceToken);
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(await login(victim.mobile, 'wrong-pass', phone.data.deviceToken));
    expect(answers[3]?.errorCode).toBe('INVALID_CREDENTIALS');
    expect(answers[4]).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });
    // the phone is locked, even with the right password
    expect((await login(victim.mobile, victim.password, phone.data.deviceToken)).errorCode).toBe(
      'ACCOUNT_LOCKED',
    );
    // the account itself is not: another trusted device and a fresh client still get in
    expect((await login(victim.mobile, victim.password, laptop.data.deviceToken)).code).toBe(1);
    expect((await login(victim.mobile, victim.password)).code).toBe(1);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['failed_logins', 'locked_until'])
      .where('id', '=', BigInt(victim.userId))
      .executeTakeFirstOrThrow();
    expect(row.locked_until).toBeNull();
  });

  it("does not let user A's device token through user B's lock", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const aDevice = (await login(a.mobile, a.password)).data.deviceToken;
    await lockInvestor(b.mobile);
    expect(await login(b.mobile, b.password, aDevice)).toMatchObject({
      status: 423,
      errorCode: 'ACCOUNT_LOCKED',
    });
    expect((await login(a.mobile, a.password, aDevice)).code).toBe(1);
  });
});

describe('staff lockout', () => {
  type StaffSession = { token: string; deviceToken: string };
  const staffLogin = (username: string, password: string, totp: string, deviceToken?: string) =>
    post<StaffSession>(t.app, '/api/staff/auth/login', {
      username,
      password,
      totp,
      ...(deviceToken ? { deviceToken } : {}),
    });
  const auditOf = (username: string) =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'target_id'])
      .where('target_kind', '=', 'staff')
      .where('target_id', '=', username)
      .orderBy('id', 'asc')
      .execute();

  it('locks the account for others but lets a trusted device in, after checking password and code', async () => {
    const member = await createStaff(t, 'lockme', 'support');
    const first = await staffLogin(member.username, member.password, totpNow(t, member.secret));
    expect(first.code).toBe(1);
    t.clock.advance(30);
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(await staffLogin(member.username, 'wrong-password', '000000'));
    expect(answers[3]?.errorCode).toBe('STAFF_INVALID_CREDENTIALS');
    expect(answers[4]).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });
    // the existing staff session still works
    expect((await get(t.app, '/api/staff/me', first.data.token)).status).toBe(200);

    const before = (await auditOf('lockme')).length;
    // right password and code, no device token: locked, and audited as 'locked'
    const right = await staffLogin(member.username, member.password, totpNow(t, member.secret));
    const wrong = await staffLogin(member.username, 'wrong-password', '000000');
    expect(right).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });
    expect(wrong.errorCode).toBe('ACCOUNT_LOCKED');
    expect(wrong.msg).toBe(right.msg);
    const rows = (await auditOf('lockme')).slice(before);
    expect(rows).toEqual([
      { action: 'staff.login_failed', reason: 'locked', target_id: 'lockme' },
      { action: 'staff.login_failed', reason: 'locked', target_id: 'lockme' },
    ]);
    // with the device token of the earlier login it gets in
    const trusted = await staffLogin(
      member.username,
      member.password,
      totpNow(t, member.secret),
      first.data.deviceToken,
    );
    expect(trusted.code).toBe(1);
    expect((await get(t.app, '/api/staff/me', trusted.data.token)).status).toBe(200);
  });

  it('counts wrong passwords from a trusted device against that device only', async () => {
    const member = await createStaff(t, 'twodevices', 'finance');
    const desk = await staffLogin(member.username, member.password, totpNow(t, member.secret));
    t.clock.advance(30);
    const home = await staffLogin(member.username, member.password, totpNow(t, member.secret));
    t.clock.advance(30);
    expect(desk.code).toBe(1);
    expect(home.code).toBe(1);
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(await staffLogin(member.username, 'wrong-password', '000000', desk.data.deviceToken));
    expect(answers[4]?.errorCode).toBe('ACCOUNT_LOCKED');
    expect(
      (await staffLogin(member.username, member.password, totpNow(t, member.secret), desk.data.deviceToken))
        .errorCode,
    ).toBe('ACCOUNT_LOCKED');
    expect(
      (await staffLogin(member.username, member.password, totpNow(t, member.secret), home.data.deviceToken))
        .code,
    ).toBe(1);
  });

  it("does not let one member's device token through another member's lock", async () => {
    const a = await createStaff(t, 'member-a', 'support');
    const b = await createStaff(t, 'member-b', 'support');
    const aDevice = (await staffLogin(a.username, a.password, totpNow(t, a.secret))).data.deviceToken;
    t.clock.advance(30);
    for (let i = 0; i < 5; i += 1) await staffLogin(b.username, 'wrong-password', '000000');
    expect((await staffLogin(b.username, b.password, totpNow(t, b.secret), aDevice)).errorCode).toBe(
      'ACCOUNT_LOCKED',
    );
  });

  it('audits failed logins under the normalised username', async () => {
    await createStaff(t, 'normal', 'support');
    const result = await staffLogin('  NORMAL ', 'wrong-password', '000000');
    expect(result.errorCode).toBe('STAFF_INVALID_CREDENTIALS');
    const rows = await auditOf('normal');
    expect(rows).toEqual([{ action: 'staff.login_failed', reason: 'password', target_id: 'normal' }]);
    const raw = await t.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('target_id', 'in', ['  NORMAL ', 'NORMAL'])
      .execute();
    expect(raw).toEqual([]);
  });
});
