/**
 * The closed list of machine error codes. Every failure the API returns carries one of these as
 * `errorCode`; its localised text lives in packages/i18n/locales/<lng>/errors.json under the same key.
 * Client-side form validation uses the same codes, so a message reads the same wherever it is raised.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNKNOWN_FIELD',
  'BAD_JSON',
  'BODY_TOO_LARGE',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'ACCOUNT_REQUIRED',
  'PASSWORD_REQUIRED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'ACCOUNT_FROZEN',
  'MOBILE_REQUIRED',
  'MOBILE_INVALID',
  'MOBILE_TAKEN',
  'MOBILE_NOT_REGISTERED',
  'PASSWORD_LENGTH',
  'CONFIRM_PASSWORD_REQUIRED',
  'PASSWORDS_MISMATCH',
  'INVITE_CODE_REQUIRED',
  'INVITE_CODE_INVALID',
  'SMS_CODE_REQUIRED',
  'SMS_CODE_INVALID',
  'SMS_TOO_SOON',
  'SMS_PURPOSE_INVALID',
  'OLD_PASSWORD_REQUIRED',
  'OLD_PASSWORD_WRONG',
  'NEW_PASSWORD_REQUIRED',
  'NEW_PASSWORD_LENGTH',
  'NEW_PASSWORD_MISMATCH',
  'NEW_PASSWORD_SAME',
  'USER_INFO_EXPIRED',
  'STAFF_USERNAME_REQUIRED',
  'STAFF_TOTP_REQUIRED',
  'STAFF_INVALID_CREDENTIALS',
  'STAFF_PERMISSION_DENIED',
  'REASON_REQUIRED',
  'USER_NOT_FOUND',
  'INVITE_CODE_FORMAT',
  'INVITE_CODE_EXISTS',
  'INVITE_MAX_USES_INVALID',
  'ALREADY_FROZEN',
  'NOT_FROZEN',
  'SESSION_NOT_FOUND',
  'BAD_REQUEST',
  'SMS_DAILY_LIMIT',
  'TRANSACTION_PASSWORD_SAME_AS_LOGIN',
  'INVITE_ALREADY_DISABLED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}

/** Envelope `code` values of SPEC.md section 7: 1 is success, 401 is an expired session. */
export const ENVELOPE_OK = 1;
export const ENVELOPE_FAIL = 0;
export const ENVELOPE_SESSION_EXPIRED = 401;
