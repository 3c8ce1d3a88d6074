import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireStepUp } from '../src/modules/factors';
import { sha256 } from '../src/platform/crypto';
import {
  createTestApp,
  get,
  latestSmsCode,
  post,
  registerUser,
  stepUpBySms,
  totpNow,
  type Registered,
  type TestApp,
} from './harness';
import { SoftAuthenticator } from './soft-authenticator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Factor = { id: string; kind: string; label: string; createdAt: string; lastUsedAt: string | null };
type Enrolment = { secret: string; otpauthUri: string };
type Challenge = {
  factorRequired: true;
  challengeToken: string;
  methods: string[];
  passkeyOptions: { challenge: string; allowCredentials: { id: string }[] } | null;
};

async function send<T = unknown>(method: 'PATCH' | 'DELETE', url: string, payload: unknown, token: string) {
  const response = await t.app.inject({
    method,
    url,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: response.statusCode,
    ...(response.json() as { code: number; data: T; errorCode?: string; msg: string }),
  };
}

const listFactors = async (token: string) =>
  (await get<{ items: Factor[] }>(t.app, '/api/account/factors', token)).data.items;
const nextStep = () => t.clock.advance(30);

/** What requireStepUp (withdrawals, bank accounts) answers for a session: 'ok' or the error code. */
async function stepUpAnswer(token: string, app = t) {
  const actor = await app.ctx.db
    .selectFrom('sessions')
    .select(['user_id as userId', 'id as sessionId'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  return app.ctx
    .transact((tx) => requireStepUp(app.ctx, tx, actor))
    .then(() => 'ok')
    .catch((error: { errorCode?: string }) => error.errorCode);
}

/** A new user, without a factor, whose session is stepped up by an SMS code: ready to add the first factor. */
async function steppedUpUser(): Promise<Registered> {
  const user = await registerUser(t);
  await stepUpBySms(t, user);
  return user;
}

/** A new user with an authenticator app enrolled; the session is stepped up by the enrolment. */
async function withTotp(): Promise<Registered & { secret: string; factor: Factor }> {
  const user = await steppedUpUser();
  const started = await post<Enrolment>(t.app, '/api/account/factors/totp', {}, user.token);
  const verified = await post<Factor>(
    t.app,
    '/api/account/factors/totp/verify',
    { code: totpNow(t, started.data.secret) },
    user.token,
  );
  expect(verified.code).toBe(1);
  nextStep();
  return { ...user, secret: started.data.secret, factor: verified.data };
}

async function withPasskey(user?: Registered) {
  const owner = user ?? (await steppedUpUser());
  const authenticator = new SoftAuthenticator();
  const options = await post<{ challenge: string }>(
    t.app,
    '/api/account/factors/passkey/options',
    {},
    owner.token,
  );
  expect(options.code).toBe(1);
  const enrolled = await post<Factor>(
    t.app,
    '/api/account/factors/passkey',
    { response: authenticator.register(options.data), label: 'iPhone' },
    owner.token,
  );
  expect(enrolled.code).toBe(1);
  return { ...owner, authenticator, factor: enrolled.data };
}

describe('authenticator app (TOTP) enrolment', () => {
  it('returns a secret and otpauth URI, stays pending until a right code, and never lists secrets', async () => {
    const user = await steppedUpUser();
    const started = await post<Enrolment>(t.app, '/api/account/factors/totp', {}, user.token);
    expect(started.code).toBe(1);
    expect(started.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/Kabuto:.+secret=/);
    expect(started.data.otpauthUri).toContain(started.data.secret);
    expect(started.headers['content-encoding']).toBeUndefined();
    expect(await listFactors(user.token)).toEqual([]);

    const wrong = await post(
      t.app,
      '/api/account/factors/totp/verify?lang=ja',
      { code: '000000' },
      user.token,
    );
    expect(wrong).toMatchObject({
      status: 400,
      errorCode: 'FACTOR_CODE_INVALID',
      msg: '認証コードが正しくありません',
    });
    const letters = await post(t.app, '/api/account/factors/totp/verify', { code: 'abcdef' }, user.token);
    expect(letters.errorCode).toBe('FACTOR_CODE_INVALID');
    const missing = await post(t.app, '/api/account/factors/totp/verify?lang=en', {}, user.token);
    expect(missing).toMatchObject({
      errorCode: 'FACTOR_CODE_REQUIRED',
      msg: 'Please enter the verification code',
    });

    const code = totpNow(t, started.data.secret);
    const verified = await post<Factor>(
      t.app,
      '/api/account/factors/totp/verify',
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      user.token,
    );
    expect(verified.data).toMatchObject({ kind: 'totp', label: '' }); // unnamed: the app shows its kind
    const listed = await get<{ items: Factor[] }>(t.app, '/api/account/factors', user.token);
    expect(listed.data.items.map((f) => f.id)).toEqual([verified.data.id]);
    expect(JSON.stringify(listed.data)).not.toContain(started.data.secret);
    expect(Object.keys(listed.data.items[0]!).sort()).toEqual([
      'createdAt',
      'id',
      'kind',
      'label',
      'lastUsedAt',
    ]);
  });

  it('refuses a verification with nothing pending, and a pending enrolment after 30 minutes', async () => {
    const user = await steppedUpUser();
    const none = await post(t.app, '/api/account/factors/totp/verify', { code: '123456' }, user.token);
    expect(none.errorCode).toBe('TOTP_SETUP_EXPIRED');
    const started = await post<Enrolment>(
      t.app,
      '/api/account/factors/totp',
      { label: '認証アプリ' },
      user.token,
    );
    t.clock.advance(31 * 60);
    const late = await post(
      t.app,
      '/api/account/factors/totp/verify',
      { code: totpNow(t, started.data.secret) },
      user.token,
    );
    expect(late.errorCode).toBe('TOTP_SETUP_EXPIRED');
    expect(await listFactors(user.token)).toEqual([]);
  });

  it('needs a step-up to add a second factor once there is one', async () => {
    const user = await withTotp();
    t.clock.advance(6 * 60);
    const refused = await post(t.app, '/api/account/factors/totp', {}, user.token);
    expect(refused).toMatchObject({ status: 403, errorCode: 'STEP_UP_REQUIRED' });
    const options = await post(t.app, '/api/account/factors/passkey/options', {}, user.token);
    expect(options.errorCode).toBe('STEP_UP_REQUIRED');
  });
});

describe('the first factor', () => {
  it('cannot be added with the login password alone: the session first proves the registered number by SMS', async () => {
    const user = await registerUser(t);
    expect(await post(t.app, '/api/account/factors/totp', {}, user.token)).toMatchObject({
      status: 403,
      errorCode: 'STEP_UP_REQUIRED',
    });
    expect((await post(t.app, '/api/account/factors/passkey/options', {}, user.token)).errorCode).toBe(
      'STEP_UP_REQUIRED',
    );
    await post(t.app, '/api/auth/step-up/sms', {}, user.token);
    const wrong = await post(t.app, '/api/auth/step-up', { method: 'sms', code: '000000' }, user.token);
    expect(wrong.errorCode).toBe('SMS_CODE_INVALID');
    expect((await post(t.app, '/api/account/factors/totp', {}, user.token)).errorCode).toBe(
      'STEP_UP_REQUIRED',
    );

    const code = await latestSmsCode(t, user.mobile);
    const steppedUp = await post(t.app, '/api/auth/step-up', { method: 'sms', code }, user.token);
    expect(steppedUp.code).toBe(1);
    expect((await post(t.app, '/api/account/factors/totp', {}, user.token)).code).toBe(1);
  });

  it('sends the code only to the registered number, and not once the user has a factor', async () => {
    const user = await registerUser(t);
    const before = await t.ctx.db.selectFrom('sms_outbox').select('mobile').execute();
    expect((await post(t.app, '/api/auth/step-up/sms', {}, user.token)).code).toBe(1);
    const after = await t.ctx.db.selectFrom('sms_outbox').select('mobile').execute();
    expect(after.slice(before.length).map((row) => row.mobile)).toEqual([user.mobile]);
    // Nobody may ask for a step-up code by number.
    const byNumber = await post(t.app, '/api/auth/sms-code', { mobile: user.mobile, purpose: 'step_up' });
    expect(byNumber.errorCode).toBe('SMS_PURPOSE_INVALID');

    const enrolled = await withTotp();
    t.clock.advance(6 * 60);
    expect((await post(t.app, '/api/auth/step-up/sms', {}, enrolled.token)).errorCode).toBe(
      'FACTOR_METHOD_INVALID',
    );
    const sms = await post(t.app, '/api/auth/step-up', { method: 'sms', code: '123456' }, enrolled.token);
    expect(sms.errorCode).toBe('FACTOR_METHOD_INVALID');
  });

  it('an SMS step-up is not a factor: withdrawals still ask for one', async () => {
    const user = await steppedUpUser();
    expect(await stepUpAnswer(user.token)).toBe('FACTOR_REQUIRED');
  });

  it('the withdrawal screen learns before anything is filled in that a factor is needed, until one is added', async () => {
    const factorRequired = async (token: string) =>
      (await get<{ factorRequired: boolean }>(t.app, '/api/funding/withdrawable', token)).data.factorRequired;
    const user = await registerUser(t);
    expect(await factorRequired(user.token)).toBe(true);
    expect(await factorRequired((await withTotp()).token)).toBe(false);
  });

  it('the bank account screen learns it too, beside the accounts', async () => {
    const factorRequired = async (token: string) =>
      (await get<{ items: unknown[]; factorRequired: boolean }>(t.app, '/api/funding/bank-accounts', token))
        .data;
    const user = await registerUser(t);
    expect(await factorRequired(user.token)).toEqual({ items: [], factorRequired: true });
    expect((await factorRequired((await withTotp()).token)).factorRequired).toBe(false);
  });
});

describe('step-up', () => {
  it('accepts a code once: the same code again is a replay', async () => {
    const user = await withTotp();
    const code = totpNow(t, user.secret);
    const first = await post<{ steppedUpUntil: string }>(
      t.app,
      '/api/auth/step-up',
      { method: 'totp', code },
      user.token,
    );
    expect(first.code).toBe(1);
    expect(new Date(first.data.steppedUpUntil).getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);
    const replay = await post(t.app, '/api/auth/step-up', { method: 'totp', code }, user.token);
    expect(replay.errorCode).toBe('FACTOR_CODE_INVALID');
    // A code of an earlier step (still inside the drift window) is a replay too.
    const earlier = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'totp', code: totpNow(t, user.secret, -1) },
      user.token,
    );
    expect(earlier.errorCode).toBe('FACTOR_CODE_INVALID');
    nextStep();
    const next = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'totp', code: totpNow(t, user.secret) },
      user.token,
    );
    expect(next.code).toBe(1);
  });

  it('lasts STEP_UP_TTL by the clock: removal works inside it and is refused after', async () => {
    const user = await withTotp();
    const second = await post<Enrolment>(t.app, '/api/account/factors/totp', {}, user.token);
    const added = await post<Factor>(
      t.app,
      '/api/account/factors/totp/verify',
      { code: totpNow(t, second.data.secret) },
      user.token,
    );
    t.clock.advance(5 * 60 + 1);
    const refused = await send('DELETE', `/api/account/factors/${added.data.id}`, undefined, user.token);
    expect(refused).toMatchObject({ status: 403, errorCode: 'STEP_UP_REQUIRED' });
    expect(await listFactors(user.token)).toHaveLength(2);

    const stepped = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'totp', code: totpNow(t, user.secret) },
      user.token,
    );
    expect(stepped.code).toBe(1);
    t.clock.advance(4 * 60);
    const removed = await send('DELETE', `/api/account/factors/${added.data.id}`, undefined, user.token);
    expect(removed.code).toBe(1);
    expect((await listFactors(user.token)).map((f) => f.id)).toEqual([user.factor.id]);
  });

  it('requireStepUp: FACTOR_REQUIRED without a factor, STEP_UP_REQUIRED when stale, nothing when fresh or off', async () => {
    const check = stepUpAnswer;
    const bare = await registerUser(t);
    expect(await check(bare.token)).toBe('FACTOR_REQUIRED');
    const user = await withTotp();
    expect(await check(user.token)).toBe('ok');
    t.clock.advance(5 * 60);
    expect(await check(user.token)).toBe('STEP_UP_REQUIRED');

    const relaxed = await createTestApp({ requireStepUp: false });
    try {
      const other = await registerUser(relaxed);
      expect(await check(other.token, relaxed)).toBe('ok');
    } finally {
      await relaxed.close();
    }
  });

  it('counts wrong codes towards the lockout and refuses a user with no factor', async () => {
    const bare = await registerUser(t);
    const none = await post(t.app, '/api/auth/step-up', { method: 'totp', code: '123456' }, bare.token);
    expect(none).toMatchObject({ status: 403, errorCode: 'FACTOR_REQUIRED' });

    const user = await withTotp();
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        (await post(t.app, '/api/auth/step-up', { method: 'totp', code: '000000' }, user.token)).errorCode,
      );
    expect(answers).toEqual([...Array(4).fill('FACTOR_CODE_INVALID'), 'ACCOUNT_LOCKED']);
    const locked = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'totp', code: totpNow(t, user.secret) },
      user.token,
    );
    expect(locked.errorCode).toBe('ACCOUNT_LOCKED');
  });

  it('validates the method with a localised message', async () => {
    const user = await registerUser(t);
    const bad = await post(t.app, '/api/auth/step-up?lang=ja', { method: 'fax', code: '123456' }, user.token);
    expect(bad).toMatchObject({
      status: 400,
      errorCode: 'FACTOR_METHOD_INVALID',
      msg: '認証方法を選択してください',
    });
  });
});

describe('rename and remove', () => {
  it('renames with a validated label', async () => {
    const user = await withTotp();
    const empty = await send(
      'PATCH',
      `/api/account/factors/${user.factor.id}?lang=ja`,
      { label: '  ' },
      user.token,
    );
    expect(empty).toMatchObject({
      status: 400,
      errorCode: 'FACTOR_LABEL_REQUIRED',
      msg: '名前を入力してください',
    });
    const long = await send(
      'PATCH',
      `/api/account/factors/${user.factor.id}`,
      { label: 'x'.repeat(41) },
      user.token,
    );
    expect(long.errorCode).toBe('FACTOR_LABEL_LENGTH');
    const renamed = await send<Factor>(
      'PATCH',
      `/api/account/factors/${user.factor.id}`,
      { label: '仕事用スマホ' },
      user.token,
    );
    expect(renamed.data.label).toBe('仕事用スマホ');
    expect((await listFactors(user.token))[0]?.label).toBe('仕事用スマホ');
  });

  it("refuses another user's factor id as not found, changing nothing", async () => {
    const owner = await withTotp();
    const other = await withTotp();
    const rename = await send(
      'PATCH',
      `/api/account/factors/${owner.factor.id}`,
      { label: 'mine now' },
      other.token,
    );
    expect(rename).toMatchObject({ status: 404, errorCode: 'FACTOR_NOT_FOUND' });
    const remove = await send('DELETE', `/api/account/factors/${owner.factor.id}`, undefined, other.token);
    expect(remove).toMatchObject({ status: 404, errorCode: 'FACTOR_NOT_FOUND' });
    expect(remove.data).toBeUndefined();
    const unknown = await send('DELETE', '/api/account/factors/99999999', undefined, other.token);
    expect(unknown.errorCode).toBe('FACTOR_NOT_FOUND');
    expect((await listFactors(owner.token)).map((f) => [f.id, f.label])).toEqual([[owner.factor.id, '']]);
    expect((await listFactors(other.token)).map((f) => f.id)).toEqual([other.factor.id]);
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/account/factors')).status).toBe(401);
    expect((await post(t.app, '/api/auth/step-up', { method: 'totp', code: '123456' })).status).toBe(401);
  });
});

describe('login with a second factor', () => {
  const login = (account: string, password: string) =>
    post<Challenge & { token?: string }>(t.app, '/api/auth/login', { account, password });

  it('keeps the one-step login for users without a factor', async () => {
    const user = await registerUser(t);
    const answer = await login(user.mobile, user.password);
    expect(answer.data.token).toBeTruthy();
    expect(answer.data.factorRequired).toBeUndefined();
  });

  it('answers the password with a challenge, then a code completes it once', async () => {
    const user = await withTotp();
    const first = await login(user.mobile, user.password);
    expect(first.code).toBe(1);
    expect(first.data).toMatchObject({ factorRequired: true, methods: ['totp'], passkeyOptions: null });
    expect(first.data.token).toBeUndefined();

    const wrong = await post(t.app, '/api/auth/login/factor', {
      challengeToken: first.data.challengeToken,
      method: 'totp',
      code: '000000',
    });
    expect(wrong.errorCode).toBe('FACTOR_CODE_INVALID');
    const done = await post<{ token: string; userId: string }>(t.app, '/api/auth/login/factor', {
      challengeToken: first.data.challengeToken,
      method: 'totp',
      code: totpNow(t, user.secret),
    });
    expect(done.data.userId).toBe(user.userId);
    expect((await listFactors(done.data.token)).length).toBe(1);
    // Signing in with the factor counts as a step-up.
    const removed = await send(
      'DELETE',
      `/api/account/factors/${user.factor.id}`,
      undefined,
      done.data.token,
    );
    expect(removed.code).toBe(1);

    nextStep();
    const again = await post(t.app, '/api/auth/login/factor', {
      challengeToken: first.data.challengeToken,
      method: 'totp',
      code: totpNow(t, user.secret),
    });
    expect(again.errorCode).toBe('LOGIN_CHALLENGE_EXPIRED');
  });

  it('counts wrong factors towards the lockout; the right password does not reset the count', async () => {
    const user = await withTotp();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const challenge = await login(user.mobile, user.password);
      const answer = await post(t.app, '/api/auth/login/factor', {
        challengeToken: challenge.data.challengeToken,
        method: 'totp',
        code: '000000',
      });
      answers.push(answer.errorCode);
    }
    expect(answers).toEqual([...Array(4).fill('FACTOR_CODE_INVALID'), 'ACCOUNT_LOCKED']);
    expect((await login(user.mobile, user.password)).errorCode).toBe('ACCOUNT_LOCKED');
  });

  it('expires a challenge after five minutes', async () => {
    const user = await withTotp();
    const challenge = await login(user.mobile, user.password);
    t.clock.advance(5 * 60 + 1);
    const late = await post(t.app, '/api/auth/login/factor?lang=en', {
      challengeToken: challenge.data.challengeToken,
      method: 'totp',
      code: totpNow(t, user.secret),
    });
    expect(late).toMatchObject({
      errorCode: 'LOGIN_CHALLENGE_EXPIRED',
      msg: 'The login has expired, please log in with your password again',
    });
    const unknown = await post(t.app, '/api/auth/login/factor', {
      challengeToken: 'nope',
      method: 'totp',
      code: '123456',
    });
    expect(unknown.errorCode).toBe('LOGIN_CHALLENGE_EXPIRED');
  });
});

describe('passkeys (software authenticator)', () => {
  it('is named after the device it was made on when the app gives no name', async () => {
    const IPHONE_SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const enrol = async (userAgent: string) => {
      const owner = await steppedUpUser();
      const authenticator = new SoftAuthenticator();
      const options = await post<{ challenge: string }>(
        t.app,
        '/api/account/factors/passkey/options',
        {},
        owner.token,
      );
      return post<Factor>(
        t.app,
        '/api/account/factors/passkey',
        { response: authenticator.register(options.data) },
        owner.token,
        { headers: { 'user-agent': userAgent } },
      );
    };
    expect((await enrol(IPHONE_SAFARI)).data.label).toBe('Safari · iPhone');
    expect((await enrol('')).data.label).toBe('');
  });

  it('enrols, steps up and completes a login; a replayed assertion or foreign origin is refused', async () => {
    const user = await withPasskey();
    expect(user.factor).toMatchObject({ kind: 'passkey', label: 'iPhone' });
    expect((await listFactors(user.token)).map((f) => f.kind)).toEqual(['passkey']);

    t.clock.advance(6 * 60);
    const options = await post<{ challenge: string; allowCredentials: { id: string }[] }>(
      t.app,
      '/api/auth/step-up/options',
      {},
      user.token,
    );
    expect(options.data.allowCredentials.map((c) => c.id)).toEqual([user.authenticator.id]);
    const assertion = user.authenticator.assert(options.data);
    const stepped = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'passkey', response: assertion },
      user.token,
    );
    expect(stepped.code).toBe(1);
    const replayed = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'passkey', response: assertion },
      user.token,
    );
    expect(replayed.errorCode).toBe('PASSKEY_FAILED');

    const fresh = await post<{ challenge: string }>(t.app, '/api/auth/step-up/options', {}, user.token);
    const foreign = await post(
      t.app,
      '/api/auth/step-up',
      {
        method: 'passkey',
        response: user.authenticator.assert(fresh.data, 'https://evil.example'),
      },
      user.token,
    );
    expect(foreign.errorCode).toBe('PASSKEY_FAILED');

    const challenge = await post<Challenge>(t.app, '/api/auth/login', {
      account: user.mobile,
      password: user.password,
    });
    expect(challenge.data.methods).toEqual(['passkey']);
    expect(challenge.data.passkeyOptions?.allowCredentials.map((c) => c.id)).toEqual([user.authenticator.id]);
    const session = await post<{ token: string }>(t.app, '/api/auth/login/factor', {
      challengeToken: challenge.data.challengeToken,
      method: 'passkey',
      response: user.authenticator.assert(challenge.data.passkeyOptions!),
    });
    expect(session.data.token).toBeTruthy();
  });

  it("refuses a registration answering another session's challenge, and an assertion of another user's passkey", async () => {
    const owner = await withPasskey();
    const intruder = await steppedUpUser();
    const authenticator = new SoftAuthenticator();
    const ownerOptions = await post<{ challenge: string }>(
      t.app,
      '/api/account/factors/passkey/options',
      {},
      owner.token,
    );
    const stolen = await post(
      t.app,
      '/api/account/factors/passkey',
      { response: authenticator.register(ownerOptions.data) },
      intruder.token,
    );
    expect(stolen.errorCode).toBe('PASSKEY_FAILED');

    const intruderPasskey = await withPasskey(intruder);
    const options = await post<{ challenge: string }>(
      t.app,
      '/api/auth/step-up/options',
      {},
      intruderPasskey.token,
    );
    // The intruder answers with the owner's credential id: it is not one of theirs.
    const forged = { ...owner.authenticator.assert(options.data) };
    const refused = await post(
      t.app,
      '/api/auth/step-up',
      { method: 'passkey', response: forged },
      intruder.token,
    );
    expect(refused.errorCode).toBe('PASSKEY_FAILED');
  });

  it('refuses the same credential twice', async () => {
    const user = await withPasskey();
    await post(t.app, '/api/auth/step-up/options', {}, user.token);
    const options = await post<{ challenge: string; excludeCredentials: { id: string }[] }>(
      t.app,
      '/api/account/factors/passkey/options',
      {},
      user.token,
    );
    expect(options.data.excludeCredentials.map((c) => c.id)).toEqual([user.authenticator.id]);
    const twice = await post(
      t.app,
      '/api/account/factors/passkey',
      { response: user.authenticator.register(options.data) },
      user.token,
    );
    expect(twice.errorCode).toBe('PASSKEY_FAILED');
  });
});
