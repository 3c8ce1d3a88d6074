import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  DEMO,
  get,
  latestCode,
  post,
  registerUser,
  uniqueMobile,
  type TestApp,
} from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  mobile: uniqueMobile(),
  password: 'secret12',
  confirmPassword: 'secret12',
  inviteCode: DEMO.inviteCode,
  smsCode: '123456',
  ...overrides,
});

describe('POST /api/auth/register validation', () => {
  it.each([
    [{ mobile: '' }, 'MOBILE_REQUIRED', 'Please enter your mobile number', '携帯電話番号を入力してください'],
    [
      { mobile: '0312345678' },
      'MOBILE_INVALID',
      'Phone number format error, please re-enter',
      '携帯電話番号の形式が正しくありません。再入力してください',
    ],
    [{ password: '' }, 'PASSWORD_REQUIRED', 'Password cannot be empty', 'パスワードを入力してください'],
    [
      { password: 'abc', confirmPassword: 'abc' },
      'PASSWORD_LENGTH',
      'Password must be 6-10 characters',
      'パスワードは6〜10文字で入力してください',
    ],
    [
      { password: 'abcdefghijk', confirmPassword: 'abcdefghijk' },
      'PASSWORD_LENGTH',
      'Password must be 6-10 characters',
      'パスワードは6〜10文字で入力してください',
    ],
    [
      { confirmPassword: '' },
      'CONFIRM_PASSWORD_REQUIRED',
      'Please confirm your password',
      '確認用パスワードを入力してください',
    ],
    [
      { confirmPassword: 'secret13' },
      'PASSWORDS_MISMATCH',
      'Passwords do not match',
      'パスワードが一致しません',
    ],
    [
      { inviteCode: '' },
      'INVITE_CODE_REQUIRED',
      'Please enter the invitation code',
      '招待コードを入力してください',
    ],
    [
      { smsCode: '' },
      'SMS_CODE_REQUIRED',
      'Please enter the verification code',
      '認証コードを入力してください',
    ],
  ])('%o gives %s in English and Japanese', async (change, errorCode, en, ja) => {
    const english = await post(t.app, '/api/auth/register?lang=en', valid(change));
    expect(english).toMatchObject({ status: 400, code: 0, errorCode, msg: en });
    const japanese = await post(t.app, '/api/auth/register?lang=jp', valid(change));
    expect(japanese).toMatchObject({ status: 400, code: 0, errorCode, msg: ja });
  });

  it('returns only the first failing field when several fail', async () => {
    const result = await post(
      t.app,
      '/api/auth/register?lang=en',
      valid({ mobile: 'x', password: '', inviteCode: '' }),
    );
    expect(result.errorCode).toBe('MOBILE_INVALID');
  });

  it('reports a mismatch before a later missing field', async () => {
    const result = await post(
      t.app,
      '/api/auth/register?lang=cn',
      valid({ confirmPassword: 'nope12', inviteCode: '' }),
    );
    expect(result).toMatchObject({ errorCode: 'PASSWORDS_MISMATCH', msg: '两次输入的密码不一致' });
  });
});

describe('registration', () => {
  it('accepts hyphens and +81, registers and returns a working session', async () => {
    const mobile = uniqueMobile();
    const formatted = `+81 ${mobile.slice(1, 3)}-${mobile.slice(3, 7)}-${mobile.slice(7)}`;
    expect((await post(t.app, '/api/auth/sms-code', { mobile: formatted, purpose: 'register' })).code).toBe(
      1,
    );
    const smsCode = await latestCode(t.app, mobile);
    const result = await post<{ token: string; userId: string; userInfo: { mobile: string; total: string } }>(
      t.app,
      '/api/auth/register',
      valid({ mobile: formatted, smsCode }),
    );
    expect(result.code).toBe(1);
    expect(result.data.userInfo).toMatchObject({ mobile, total: '0.00' });
    expect(result.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', BigInt(result.data.userId))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toBe(result.data.token);
    const user = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(user.password_hash.startsWith('scrypt$')).toBe(true);
  });

  it('refuses a number that is already registered', async () => {
    const result = await post(t.app, '/api/auth/register?lang=en', valid({ mobile: DEMO.investor.mobile }));
    expect(result).toMatchObject({
      errorCode: 'MOBILE_TAKEN',
      msg: 'This mobile number is already registered',
    });
    const sms = await post(t.app, '/api/auth/sms-code', {
      mobile: DEMO.investor.mobile,
      purpose: 'register',
    });
    expect(sms.errorCode).toBe('MOBILE_TAKEN');
  });

  it('refuses an unknown invitation code and keeps the SMS code usable', async () => {
    const mobile = uniqueMobile();
    await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
    const smsCode = await latestCode(t.app, mobile);
    const bad = await post(
      t.app,
      '/api/auth/register?lang=en',
      valid({ mobile, smsCode, inviteCode: 'NOPE99' }),
    );
    expect(bad).toMatchObject({ errorCode: 'INVITE_CODE_INVALID' });
    const good = await post(t.app, '/api/auth/register', valid({ mobile, smsCode, inviteCode: 'welcome' }));
    expect(good.code).toBe(1);
  });

  it('refuses a wrong SMS code, and the code dies after five attempts', async () => {
    const mobile = uniqueMobile();
    await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
    const smsCode = await latestCode(t.app, mobile);
    const wrong = smsCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const result = await post(t.app, '/api/auth/register?lang=en', valid({ mobile, smsCode: wrong }));
      expect(result).toMatchObject({
        errorCode: 'SMS_CODE_INVALID',
        msg: 'The verification code is incorrect or has expired',
      });
    }
    const late = await post(t.app, '/api/auth/register', valid({ mobile, smsCode }));
    expect(late.errorCode).toBe('SMS_CODE_INVALID');
  });

  it('refuses an expired SMS code', async () => {
    const mobile = uniqueMobile();
    await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' });
    const smsCode = await latestCode(t.app, mobile);
    t.clock.advance(601);
    expect((await post(t.app, '/api/auth/register', valid({ mobile, smsCode }))).errorCode).toBe(
      'SMS_CODE_INVALID',
    );
  });

  it('refuses a real code sent for another purpose', async () => {
    // A reset code goes only to a registered number: register one, get its reset code, then move the
    // account to another number so that the first number is free to register again.
    const owner = await registerUser(t);
    const mobile = owner.mobile;
    expect((await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'reset_password' })).code).toBe(1);
    const outbox = await get<{ items: { code: string; purpose: string }[] }>(
      t.app,
      `/api/dev/sms?mobile=${mobile}`,
    );
    expect(outbox.data.items[0]?.purpose).toBe('reset_password');
    const resetCode = outbox.data.items[0]!.code;
    await t.ctx.db
      .updateTable('users')
      .set({ mobile: uniqueMobile() })
      .where('id', '=', BigInt(owner.userId))
      .execute();

    const withResetCode = await post(t.app, '/api/auth/register', valid({ mobile, smsCode: resetCode }));
    expect(withResetCode.errorCode).toBe('SMS_CODE_INVALID');
    // also once a register code is live for the number
    t.clock.advance(61); // past the resend interval of the code that registered the owner
    expect((await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' })).code).toBe(1);
    const registerCode = await latestCode(t.app, mobile);
    if (registerCode !== resetCode) {
      const again = await post(t.app, '/api/auth/register', valid({ mobile, smsCode: resetCode }));
      expect(again.errorCode).toBe('SMS_CODE_INVALID');
    }
    // the code for the right purpose does register the number
    expect((await post(t.app, '/api/auth/register', valid({ mobile, smsCode: registerCode }))).code).toBe(1);
  });

  it('uses a limited invitation code up exactly, even under concurrent registrations', async () => {
    await t.ctx.db
      .insertInto('invitation_codes')
      .values({ code: 'TWICE1', kind: 'staff', max_uses: 2 })
      .execute();
    const attempts = await Promise.allSettled([
      registerUser(t, 'TWICE1'),
      registerUser(t, 'TWICE1'),
      registerUser(t, 'TWICE1'),
    ]);
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(2);
    const row = await t.ctx.db
      .selectFrom('invitation_codes')
      .select('used_count')
      .where('code', '=', 'TWICE1')
      .executeTakeFirstOrThrow();
    expect(row.used_count).toBe(2);
  });

  it('refuses a disabled invitation code', async () => {
    await t.ctx.db
      .insertInto('invitation_codes')
      .values({ code: 'OFFCODE', kind: 'staff', max_uses: null, disabled_at: new Date() })
      .execute();
    await expect(registerUser(t, 'OFFCODE')).rejects.toThrow('INVITE_CODE_INVALID');
  });

  it("accepts another user's referral code", async () => {
    const referrer = await registerUser(t);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', BigInt(referrer.userId))
      .executeTakeFirstOrThrow();
    const referred = await registerUser(t, row.referral_code);
    expect(referred.token).toBeTruthy();
  });
});

describe('POST /api/auth/sms-code', () => {
  it('allows one code per minute per number and purpose', async () => {
    const mobile = uniqueMobile();
    const first = await post<{ resendAfterSeconds: number; expiresInSeconds: number }>(
      t.app,
      '/api/auth/sms-code',
      { mobile, purpose: 'register' },
    );
    expect(first.data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    const code = await latestCode(t.app, mobile);
    expect(code).toMatch(/^\d{6}$/);
    t.clock.advance(20);
    const again = await post(t.app, '/api/auth/sms-code?lang=en', { mobile, purpose: 'register' });
    expect(again).toMatchObject({
      status: 429,
      errorCode: 'SMS_TOO_SOON',
      msg: 'Please wait 40 seconds before requesting another code',
    });
    t.clock.advance(41);
    expect((await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'register' })).code).toBe(1);
  });

  it('rejects an unknown purpose and a bad number', async () => {
    expect(
      (await post(t.app, '/api/auth/sms-code', { mobile: uniqueMobile(), purpose: 'spam' })).errorCode,
    ).toBe('SMS_PURPOSE_INVALID');
    expect(
      (await post(t.app, '/api/auth/sms-code', { mobile: '12345', purpose: 'register' })).errorCode,
    ).toBe('MOBILE_INVALID');
  });

  it('answers a reset request for an unregistered number the same way but sends nothing', async () => {
    const mobile = uniqueMobile();
    const result = await post(t.app, '/api/auth/sms-code', { mobile, purpose: 'reset_password' });
    expect(result.code).toBe(1);
    await expect(latestCode(t.app, mobile)).rejects.toThrow(`no code sent to ${mobile}`);
  });
});
