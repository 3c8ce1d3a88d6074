import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, post, registerUser, staffToken, uniqueMobile, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Session = { token: string; deviceToken: string };
type SessionItems = { items: { id: string; current: boolean }[] };

const login = (account: string, password: string) =>
  post<Session>(t.app, '/api/auth/login', { account, password });

/** What a client can see of an answer (the headers carry only rate-limit counters and dates). */
const visible = ({
  status,
  code,
  msg,
  errorCode,
  params,
  data,
}: Pick<Awaited<ReturnType<typeof post>>, 'status' | 'code' | 'msg' | 'errorCode' | 'params' | 'data'>) => ({
  status,
  code,
  msg,
  errorCode,
  params,
  data,
});

async function failTimes(account: string, times: number) {
  const answers = [];
  for (let i = 0; i < times; i += 1) answers.push(visible(await login(account, 'wrong-pass')));
  return answers;
}

describe('wrong passwords', () => {
  it('say how many tries are left once only two remain', async () => {
    const user = await registerUser(t);
    const answers = await failTimes(user.mobile, 5);
    expect(answers.map((answer) => answer.params)).toEqual([
      {},
      {},
      { remainingAttempts: 2 },
      { remainingAttempts: 1 },
      { minutes: 15 },
    ]);
    expect(answers[2]).toMatchObject({ status: 400, errorCode: 'INVALID_CREDENTIALS' });
    expect(answers[4]).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });
  });

  it('warn on a wrong current password in a password change too', async () => {
    const user = await registerUser(t);
    const change = () =>
      post(
        t.app,
        '/api/account/password',
        { oldPassword: 'wrong-pass', newPassword: 'another1', confirmPassword: 'another1' },
        user.token,
      );
    const params = [];
    for (let i = 0; i < 3; i += 1) params.push((await change()).params);
    expect(params).toEqual([{}, {}, { remainingAttempts: 2 }]);
  });

  it('get the same answers for an unregistered number, the warning and the lock included', async () => {
    const registered = await registerUser(t);
    const unregistered = uniqueMobile();
    const known = await failTimes(registered.mobile, 6);
    const unknown = await failTimes(unregistered, 6);
    expect(unknown).toEqual(known);
    expect(unknown[5]).toMatchObject({ status: 423, errorCode: 'ACCOUNT_LOCKED' });
    // the lock lasts as long, and lifts the same way
    t.clock.advance(15 * 60 + 1);
    expect(visible(await login(unregistered, 'wrong-pass'))).toEqual(
      visible(await login(registered.mobile, 'wrong-pass')),
    );
  });

  it('count an unregistered number however its digits are typed', async () => {
    const unregistered = uniqueMobile();
    await failTimes(unregistered, 2);
    const fullWidth = unregistered.replace(/\d/g, (digit) =>
      String.fromCharCode(digit.charCodeAt(0) + 0xfee0),
    );
    const hyphenated = `${unregistered.slice(0, 3)}-${unregistered.slice(3, 7)}-${unregistered.slice(7)}`;
    const third = await login(hyphenated, 'wrong-pass');
    expect(third.params).toEqual({ remainingAttempts: 2 });
    expect((await login(fullWidth, 'wrong-pass')).params).toEqual({ remainingAttempts: 1 });
  });
});

describe('POST /api/account/sessions/:id/revoke', () => {
  async function twoDevices() {
    const user = await registerUser(t);
    const other = await login(user.mobile, user.password);
    const list = await get<SessionItems>(t.app, '/api/account/sessions', user.token);
    const otherId = list.data.items.find((item) => !item.current)?.id ?? '';
    const currentId = list.data.items.find((item) => item.current)?.id ?? '';
    return { user, otherToken: other.data.token, otherId, currentId };
  }

  it('logs out one other device, which then hears why on its next call', async () => {
    const { user, otherToken, otherId } = await twoDevices();
    const revoked = await post(t.app, `/api/account/sessions/${otherId}/revoke`, {}, user.token);
    expect(revoked).toMatchObject({ status: 200, code: 1, data: { revoked: 1 } });
    const ended = await get(t.app, '/api/index/getUserInfo', otherToken);
    expect(ended).toMatchObject({
      status: 401,
      code: 401,
      errorCode: 'SESSION_EXPIRED',
      params: { reason: 'signed_out_elsewhere' },
    });
    expect(typeof ended.msg).toBe('string');
    const list = await get<SessionItems>(t.app, '/api/account/sessions', user.token);
    expect(list.data.items.map((item) => item.id)).not.toContain(otherId);
    // a second try finds nothing to end
    expect(await post(t.app, `/api/account/sessions/${otherId}/revoke`, {}, user.token)).toMatchObject({
      status: 404,
      errorCode: 'SESSION_NOT_FOUND',
    });
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const victim = await twoDevices();
    const attacker = await registerUser(t);
    const answer = await post(t.app, `/api/account/sessions/${victim.otherId}/revoke`, {}, attacker.token);
    const missing = await post(t.app, '/api/account/sessions/999999999/revoke', {}, attacker.token);
    expect(answer).toMatchObject({ status: 404, errorCode: 'SESSION_NOT_FOUND' });
    expect(visible(answer)).toEqual(visible(missing));
    expect((await get(t.app, '/api/index/getUserInfo', victim.otherToken)).status).toBe(200);
    expect((await get(t.app, '/api/index/getUserInfo', victim.user.token)).status).toBe(200);
  });

  it('refuses the current session with its own code', async () => {
    const { user, currentId } = await twoDevices();
    const answer = await post(t.app, `/api/account/sessions/${currentId}/revoke`, {}, user.token);
    expect(answer).toMatchObject({ status: 409, errorCode: 'SESSION_IS_CURRENT' });
    expect((await get(t.app, '/api/index/getUserInfo', user.token)).status).toBe(200);
  });

  it('refuses callers without a session and malformed ids', async () => {
    const { otherId, user } = await twoDevices();
    expect(await post(t.app, `/api/account/sessions/${otherId}/revoke`, {})).toMatchObject({
      status: 401,
      code: 401,
      params: {},
    });
    const malformed = await post(t.app, '/api/account/sessions/abc/revoke?lang=ja', {}, user.token);
    expect(malformed).toMatchObject({ status: 404, errorCode: 'NOT_FOUND' });
    expect(malformed.msg).not.toBe('NOT_FOUND');
  });
});

describe('the reason an ended session is given', () => {
  it('names a password change, a log-out of other devices and a freeze; not a plain expiry', async () => {
    const user = await registerUser(t);
    const reasonAfter = async (end: (token: string) => Promise<unknown>) => {
      const other = await login(user.mobile, user.password);
      await end(other.data.token);
      return (await get(t.app, '/api/index/getUserInfo', other.data.token)).params;
    };
    expect(
      await reasonAfter(() => post(t.app, '/api/account/sessions/revoke-others', {}, user.token)),
    ).toEqual({ reason: 'signed_out_elsewhere' });
    expect(
      await reasonAfter(() =>
        post(
          t.app,
          '/api/account/password',
          { oldPassword: user.password, newPassword: 'changed12', confirmPassword: 'changed12' },
          user.token,
        ),
      ),
    ).toEqual({ reason: 'password_changed' });
    user.password = 'changed12';
    // logging out oneself is no news to tell
    expect(await reasonAfter((token) => post(t.app, '/api/auth/logout', {}, token))).toEqual({});
    const staff = await staffToken(t);
    expect(
      await reasonAfter(() =>
        post(t.app, `/api/staff/users/${user.userId}/freeze`, { reason: 'check' }, staff),
      ),
    ).toEqual({ reason: 'frozen' });
    expect((await get(t.app, '/api/index/getUserInfo', 'no-such-token')).params).toEqual({});
  });
});
