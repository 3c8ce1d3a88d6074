import { describe, expect, it } from 'vitest';
import { ApiError } from '@kabuto/client';
import { placeFailure } from './failure-placement';

const LOGIN = ['account', 'password'];
const REGISTER = ['mobile', 'password', 'confirmPassword', 'inviteCode', 'smsCode'];
const RESET = ['mobile', 'smsCode', 'password', 'confirmPassword'];
const CHANGE = ['oldPassword', 'newPassword', 'confirmPassword'];

const server = (code: string, params: Record<string, unknown> = {}, status = 400) =>
  new ApiError(code as never, `message of ${code}`, params, status);

describe('placeFailure', () => {
  it('puts a wrong password under the password, with the tries left when the server counts them', () => {
    expect(placeFailure(server('INVALID_CREDENTIALS'), LOGIN, 'error')).toEqual({
      kind: 'field',
      field: 'password',
      message: 'message of INVALID_CREDENTIALS',
    });
    expect(placeFailure(server('INVALID_CREDENTIALS', { remainingAttempts: 2 }), LOGIN, 'error')).toEqual({
      kind: 'field',
      field: 'password',
      message: 'message of INVALID_CREDENTIALS',
      remainingAttempts: 2,
    });
  });

  it('puts codes that concern a field under that field of each form', () => {
    const fieldOf = (code: string, fields: string[]) => {
      const placed = placeFailure(server(code), fields, 'error');
      return placed.kind === 'field' ? placed.field : placed.kind;
    };
    expect(fieldOf('SMS_CODE_INVALID', REGISTER)).toBe('smsCode');
    expect(fieldOf('MOBILE_TAKEN', REGISTER)).toBe('mobile');
    expect(fieldOf('INVITE_CODE_INVALID', REGISTER)).toBe('inviteCode');
    expect(fieldOf('OLD_PASSWORD_WRONG', CHANGE)).toBe('oldPassword');
    expect(fieldOf('NEW_PASSWORD_SAME', CHANGE)).toBe('newPassword');
    // the same rule names the new password by the field each form has
    expect(fieldOf('LOGIN_PASSWORD_SAME_AS_TRANSACTION', CHANGE)).toBe('newPassword');
    expect(fieldOf('LOGIN_PASSWORD_SAME_AS_TRANSACTION', RESET)).toBe('password');
  });

  it('follows params.field of a validation failure, when the form has that field', () => {
    expect(
      placeFailure(server('PASSWORDS_MISMATCH', { field: 'confirmPassword' }), RESET, 'e'),
    ).toMatchObject({
      kind: 'field',
      field: 'confirmPassword',
    });
    expect(placeFailure(server('VALIDATION_FAILED', { field: 'deviceId' }), LOGIN, 'e')).toEqual({
      kind: 'form',
      message: 'message of VALIDATION_FAILED',
      retryable: false,
    });
  });

  it('puts a failure that names no field of the form above it, without a retry', () => {
    expect(placeFailure(server('ACCOUNT_LOCKED', { minutes: 15 }, 423), LOGIN, 'e')).toEqual({
      kind: 'form',
      message: 'message of ACCOUNT_LOCKED',
      retryable: false,
    });
    expect(placeFailure(server('SMS_CODE_INVALID'), LOGIN, 'e')).toMatchObject({ kind: 'form' });
  });

  it('offers a retry when no answer came back', () => {
    for (const code of ['TIMEOUT', 'NETWORK'])
      expect(placeFailure(new ApiError(code as never, `no ${code}`), LOGIN, 'e')).toEqual({
        kind: 'form',
        message: `no ${code}`,
        retryable: true,
      });
  });

  it('leaves an ended session to the app shell, and shows anything else as a generic failure', () => {
    expect(placeFailure(server('SESSION_EXPIRED', { reason: 'frozen' }, 401), LOGIN, 'e')).toEqual({
      kind: 'session',
    });
    expect(placeFailure(new Error('boom'), LOGIN, 'Something went wrong')).toEqual({
      kind: 'form',
      message: 'Something went wrong',
      retryable: false,
    });
  });
});
