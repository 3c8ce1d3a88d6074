/**
 * The closed catalogue of machine error codes and the HTTP status each is sent with. Every failure the API
 * returns carries one of these as `errorCode`; its localised text lives in
 * packages/i18n/locales/<lng>/errors.json under the same key. Client-side form validation uses the same
 * codes, so a message reads the same wherever it is raised.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNKNOWN_FIELD: 400,
  BAD_JSON: 400,
  BAD_REQUEST: 400,
  BODY_TOO_LARGE: 413,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  ACCOUNT_REQUIRED: 400,
  PASSWORD_REQUIRED: 400,
  INVALID_CREDENTIALS: 400,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_FROZEN: 403,
  MOBILE_REQUIRED: 400,
  MOBILE_INVALID: 400,
  MOBILE_TAKEN: 409,
  PASSWORD_LENGTH: 400,
  CONFIRM_PASSWORD_REQUIRED: 400,
  PASSWORDS_MISMATCH: 400,
  INVITE_CODE_REQUIRED: 400,
  INVITE_CODE_INVALID: 400,
  SMS_CODE_REQUIRED: 400,
  SMS_CODE_INVALID: 400,
  SMS_TOO_SOON: 429,
  SMS_DAILY_LIMIT: 429,
  SMS_UNAVAILABLE: 503,
  SMS_PURPOSE_INVALID: 400,
  OLD_PASSWORD_REQUIRED: 400,
  OLD_PASSWORD_WRONG: 400,
  NEW_PASSWORD_REQUIRED: 400,
  NEW_PASSWORD_LENGTH: 400,
  NEW_PASSWORD_MISMATCH: 400,
  NEW_PASSWORD_SAME: 400,
  TRANSACTION_PASSWORD_SAME_AS_LOGIN: 400,
  LOGIN_PASSWORD_SAME_AS_TRANSACTION: 400,
  STAFF_USERNAME_REQUIRED: 400,
  STAFF_USERNAME_FORMAT: 400,
  STAFF_USERNAME_TAKEN: 409,
  STAFF_DISPLAY_NAME_REQUIRED: 400,
  STAFF_ROLE_INVALID: 400,
  STAFF_PASSWORD_LENGTH: 400,
  STAFF_TOTP_REQUIRED: 400,
  STAFF_INVALID_CREDENTIALS: 400,
  STAFF_PERMISSION_DENIED: 403,
  STAFF_NOT_FOUND: 404,
  STAFF_ALREADY_DISABLED: 409,
  STAFF_NOT_DISABLED: 409,
  STAFF_SELF_ACTION: 409,
  REASON_REQUIRED: 400,
  USER_NOT_FOUND: 404,
  INVITE_CODE_FORMAT: 400,
  INVITE_CODE_EXISTS: 409,
  INVITE_MAX_USES_INVALID: 400,
  INVITE_ALREADY_DISABLED: 409,
  ALREADY_FROZEN: 409,
  NOT_FROZEN: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Failures a client reports without a server answer (no connection, no answer in time, a reply it cannot read). */
export const CLIENT_ERROR_CODES = ['NETWORK', 'TIMEOUT', 'BAD_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}

/** Envelope `code` values of the legacy client contract: 1 is success, 401 is an expired session. */
export const ENVELOPE_OK = 1;
export const ENVELOPE_FAIL = 0;
export const ENVELOPE_SESSION_EXPIRED = 401;
