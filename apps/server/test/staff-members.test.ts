import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, DEMO, get, post, staffToken, totpNow, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Credentials {
  member: { id: string; username: string; role: string; disabled: boolean };
  temporaryPassword: string | null;
  totpSecret: string | null;
  otpauthUri: string | null;
}

const staffLogin = (username: string, password: string, secret: string) =>
  post<{ token: string }>(t.app, '/api/staff/auth/login', { username, password, totp: totpNow(t, secret) });

/** A new member made through the API, signed in once. */
async function newMember(admin: string, username: string, role = 'support') {
  const created = await post<Credentials>(
    t.app,
    '/api/staff/members',
    { username, displayName: `Member ${username}`, role },
    admin,
  );
  expect(created.code).toBe(1);
  const { temporaryPassword, totpSecret, member } = created.data;
  const session = await staffLogin(username, temporaryPassword!, totpSecret!);
  expect(session.code).toBe(1);
  t.clock.advance(30);
  return { id: member.id, password: temporaryPassword!, secret: totpSecret!, token: session.data.token };
}

const auditRows = (targetId: string) =>
  t.ctx.db
    .selectFrom('audit_log')
    .select(['action', 'reason', 'before', 'after', 'staff_id'])
    .where('target_kind', '=', 'staff')
    .where('target_id', '=', targetId)
    .where('action', 'like', 'staff_member.%')
    .orderBy('id', 'asc')
    .execute();

/** Audit rows as text (ids are bigints). */
const json = (rows: unknown) =>
  JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

const expectNoSecrets = (rows: unknown[]) => {
  const text = json(rows);
  for (const word of [
    'temporaryPassword',
    'totpSecret',
    'totp_secret',
    'password_hash',
    'passwordHash',
    'otpauth',
  ])
    expect(text).not.toContain(word);
};

describe('staff members', () => {
  it('creates a member whose one-time credentials sign in, audited without secrets', async () => {
    const admin = await staffToken(t);
    const created = await post<Credentials>(
      t.app,
      '/api/staff/members',
      { username: 'newbie', displayName: 'New Bie', role: 'dealer' },
      admin,
    );
    expect(created.code).toBe(1);
    expect(created.data.member).toMatchObject({ username: 'newbie', role: 'dealer', disabled: false });
    expect(created.data.temporaryPassword).toEqual(expect.any(String));
    expect(created.data.totpSecret).toEqual(expect.any(String));
    expect(created.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    const login = await staffLogin('newbie', created.data.temporaryPassword!, created.data.totpSecret!);
    expect(login.code).toBe(1);
    const list = await get<{ items: { username: string }[] }>(t.app, '/api/staff/members', admin);
    expect(list.data.items.map((m) => m.username)).toContain('newbie');
    expect(JSON.stringify(list.data)).not.toContain(created.data.temporaryPassword!);
    const rows = await auditRows('newbie');
    expect(rows.map((r) => r.action)).toEqual(['staff_member.create']);
    expect(json(rows)).not.toContain(created.data.temporaryPassword!);
    expect(json(rows)).not.toContain(created.data.totpSecret!);
    expectNoSecrets(rows);
  });

  it('refuses a taken username', async () => {
    const admin = await staffToken(t);
    await newMember(admin, 'twice');
    const again = await post(
      t.app,
      '/api/staff/members',
      { username: 'twice', displayName: 'Again', role: 'support' },
      admin,
    );
    expect(again).toMatchObject({ status: 409, errorCode: 'STAFF_USERNAME_TAKEN' });
    const demo = await post(
      t.app,
      '/api/staff/members',
      { username: DEMO.staff.username, displayName: 'Again', role: 'support' },
      admin,
    );
    expect(demo.errorCode).toBe('STAFF_USERNAME_TAKEN');
  });

  it('is for admins only: every endpoint answers STAFF_PERMISSION_DENIED to others', async () => {
    const admin = await staffToken(t);
    const target = await newMember(admin, 'target1');
    for (const role of ['compliance', 'finance', 'dealer', 'support'] as const) {
      const other = await createStaff(t, `x-${role}`, role);
      const token = await staffToken(t, other.username, other.password, other.secret);
      const calls = [
        get(t.app, '/api/staff/members', token),
        post(t.app, '/api/staff/members', { username: `y-${role}`, displayName: 'Y', role: 'admin' }, token),
        post(t.app, `/api/staff/members/${target.id}/reset-password`, { reason: 'r' }, token),
        post(t.app, `/api/staff/members/${target.id}/reset-authenticator`, { reason: 'r' }, token),
        post(t.app, `/api/staff/members/${target.id}/disable`, { reason: 'r' }, token),
        post(t.app, `/api/staff/members/${target.id}/enable`, { reason: 'r' }, token),
      ];
      for (const answer of await Promise.all(calls))
        expect(answer).toMatchObject({ status: 403, errorCode: 'STAFF_PERMISSION_DENIED' });
    }
    expect(await auditRows('target1')).toHaveLength(1); // the create only
    expect((await get(t.app, '/api/staff/me', target.token)).status).toBe(200);
  });

  it('resets a password: new credentials work, the old password and sessions do not', async () => {
    const admin = await staffToken(t);
    const member = await newMember(admin, 'resetpw');
    const reset = await post<Credentials>(
      t.app,
      `/api/staff/members/${member.id}/reset-password`,
      { reason: 'forgot it' },
      admin,
    );
    expect(reset.code).toBe(1);
    expect(reset.data.totpSecret).toBeNull();
    expect(reset.data.temporaryPassword).toEqual(expect.any(String));
    expect(reset.data.temporaryPassword).not.toBe(member.password);
    expect((await get(t.app, '/api/staff/me', member.token)).status).toBe(401);
    expect((await staffLogin('resetpw', member.password, member.secret)).errorCode).toBe(
      'STAFF_INVALID_CREDENTIALS',
    );
    t.clock.advance(30);
    expect((await staffLogin('resetpw', reset.data.temporaryPassword!, member.secret)).code).toBe(1);
    const rows = await auditRows('resetpw');
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['staff_member.create', null],
      ['staff_member.reset_password', 'forgot it'],
    ]);
    expect(json(rows)).not.toContain(reset.data.temporaryPassword!);
    expectNoSecrets(rows);
  });

  it('resets an authenticator: the new secret works, the old one and sessions do not', async () => {
    const admin = await staffToken(t);
    const member = await newMember(admin, 'resettotp');
    const reset = await post<Credentials>(
      t.app,
      `/api/staff/members/${member.id}/reset-authenticator`,
      { reason: 'lost phone' },
      admin,
    );
    expect(reset.code).toBe(1);
    expect(reset.data.temporaryPassword).toBeNull();
    expect(reset.data.totpSecret).toEqual(expect.any(String));
    expect(reset.data.totpSecret).not.toBe(member.secret);
    expect((await get(t.app, '/api/staff/me', member.token)).status).toBe(401);
    expect((await staffLogin('resettotp', member.password, member.secret)).errorCode).toBe(
      'STAFF_INVALID_CREDENTIALS',
    );
    expect((await staffLogin('resettotp', member.password, reset.data.totpSecret!)).code).toBe(1);
    const rows = await auditRows('resettotp');
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['staff_member.create', null],
      ['staff_member.reset_authenticator', 'lost phone'],
    ]);
    expect(json(rows)).not.toContain(reset.data.totpSecret!);
    expectNoSecrets(rows);
  });

  it('disables (ending sessions and blocking login) and enables a member', async () => {
    const admin = await staffToken(t);
    const member = await newMember(admin, 'onoff');
    const disabled = await post<{ disabled: boolean }>(
      t.app,
      `/api/staff/members/${member.id}/disable`,
      { reason: 'left the company' },
      admin,
    );
    expect(disabled.code).toBe(1);
    expect(disabled.data.disabled).toBe(true);
    expect((await get(t.app, '/api/staff/me', member.token)).status).toBe(401);
    expect((await staffLogin('onoff', member.password, member.secret)).errorCode).toBe(
      'STAFF_INVALID_CREDENTIALS',
    );
    expect(
      (await post(t.app, `/api/staff/members/${member.id}/disable`, { reason: 'again' }, admin)).errorCode,
    ).toBe('STAFF_ALREADY_DISABLED');
    const enabled = await post<{ disabled: boolean }>(
      t.app,
      `/api/staff/members/${member.id}/enable`,
      { reason: 'came back' },
      admin,
    );
    expect(enabled.data.disabled).toBe(false);
    t.clock.advance(30);
    expect((await staffLogin('onoff', member.password, member.secret)).code).toBe(1);
    const rows = await auditRows('onoff');
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['staff_member.create', null],
      ['staff_member.disable', 'left the company'],
      ['staff_member.enable', 'came back'],
    ]);
    expectNoSecrets(rows);
  });

  it('does not let an admin disable or reset themselves', async () => {
    const admin = await staffToken(t);
    const me = await get<{ id: string }>(t.app, '/api/staff/me', admin);
    for (const action of ['disable', 'reset-password', 'reset-authenticator']) {
      const answer = await post(t.app, `/api/staff/members/${me.data.id}/${action}`, { reason: 'me' }, admin);
      expect(answer).toMatchObject({ status: 409, errorCode: 'STAFF_SELF_ACTION' });
    }
    expect((await get(t.app, '/api/staff/me', admin)).status).toBe(200);
  });
});

describe('POST /api/staff/me/password', () => {
  const change = (token: string, oldPassword: string, newPassword: string) =>
    post(t.app, '/api/staff/me/password', { oldPassword, newPassword, confirmPassword: newPassword }, token);

  it('refuses a wrong old password and counts it towards the lockout', async () => {
    const member = await createStaff(t, 'pw-wrong', 'support');
    const token = await staffToken(t, member.username, member.password, member.secret);
    const answer = await change(token, 'not-my-password', 'Brand-new-pass-1');
    expect(answer).toMatchObject({ status: 400, errorCode: 'OLD_PASSWORD_WRONG' });
    const row = await t.ctx.db
      .selectFrom('staff_users')
      .select('failed_logins')
      .where('username', '=', 'pw-wrong')
      .executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.password_change_failed')
      .where('target_id', '=', 'pw-wrong')
      .execute();
    expect(audit).toHaveLength(1);
    expect(json(audit)).not.toContain('not-my-password');
  });

  it('refuses a short new password', async () => {
    const member = await createStaff(t, 'pw-short', 'support');
    const token = await staffToken(t, member.username, member.password, member.secret);
    expect((await change(token, member.password, 'short')).errorCode).toBe('STAFF_PASSWORD_LENGTH');
  });

  it('ends the other sessions but not the current one, audited', async () => {
    const member = await createStaff(t, 'pw-ok', 'support');
    const current = await staffToken(t, member.username, member.password, member.secret);
    const other = await staffToken(t, member.username, member.password, member.secret);
    const answer = await change(current, member.password, 'Brand-new-pass-1');
    expect(answer.code).toBe(1);
    expect((await get(t.app, '/api/staff/me', current)).status).toBe(200);
    expect((await get(t.app, '/api/staff/me', other)).status).toBe(401);
    expect(
      (
        await post(t.app, '/api/staff/auth/login', {
          username: 'pw-ok',
          password: member.password,
          totp: totpNow(t, member.secret),
        })
      ).errorCode,
    ).toBe('STAFF_INVALID_CREDENTIALS');
    expect((await staffToken(t, 'pw-ok', 'Brand-new-pass-1', member.secret)).length).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.password_changed')
      .where('target_id', '=', 'pw-ok')
      .execute();
    expect(rows).toHaveLength(1);
    expect(json(rows)).not.toContain('Brand-new-pass-1');
  });
});
