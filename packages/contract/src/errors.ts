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
  AMOUNT_REQUIRED: 400,
  AMOUNT_INVALID: 400,
  AMOUNT_WHOLE_YEN: 400,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_INVALID: 400,
  TRANSFER_DATE_REQUIRED: 400,
  TRANSFER_DATE_OUT_OF_RANGE: 400,
  SENDER_NAME_REQUIRED: 400,
  TOO_MANY_PENDING_NOTICES: 409,
  DEPOSIT_NOTICE_NOT_FOUND: 404,
  DEPOSIT_NOTICE_NOT_PENDING: 409,
  DEPOSIT_NOTICE_OTHER_USER: 409,
  BANK_REFERENCE_REQUIRED: 400,
  BANK_REFERENCE_USED: 409,
  HOLDER_NAME_REQUIRED: 400,
  BANK_NAME_REQUIRED: 400,
  BRANCH_NAME_REQUIRED: 400,
  BRANCH_CODE_REQUIRED: 400,
  BRANCH_CODE_INVALID: 400,
  ACCOUNT_NUMBER_REQUIRED: 400,
  ACCOUNT_NUMBER_INVALID: 400,
  BANK_ACCOUNT_LIMIT: 409,
  BANK_ACCOUNT_DUPLICATE: 409,
  BANK_ACCOUNT_NOT_FOUND: 404,
  BANK_ACCOUNT_REQUIRED: 400,
  WITHDRAWAL_BELOW_MINIMUM: 400,
  WITHDRAWAL_CLOSED: 409,
  WITHDRAWAL_NOT_FOUND: 404,
  WITHDRAWAL_NOT_PENDING: 409,
  TRANSACTION_PASSWORD_REQUIRED: 400,
  TRANSACTION_PASSWORD_NOT_SET: 409,
  TRANSACTION_PASSWORD_WRONG: 400,
  ADJUSTMENT_NOT_FOUND: 404,
  ADJUSTMENT_NOT_PENDING: 409,
  SECOND_APPROVER_MUST_DIFFER: 409,
  FACTOR_REQUIRED: 403,
  STEP_UP_REQUIRED: 403,
  FACTOR_CODE_REQUIRED: 400,
  FACTOR_CODE_INVALID: 400,
  FACTOR_METHOD_INVALID: 400,
  FACTOR_NOT_FOUND: 404,
  FACTOR_LABEL_REQUIRED: 400,
  FACTOR_LABEL_LENGTH: 400,
  TOTP_SETUP_EXPIRED: 400,
  PASSKEY_FAILED: 400,
  LOGIN_CHALLENGE_EXPIRED: 400,
  KYC_FULL_NAME_REQUIRED: 400,
  KYC_ID_NUMBER_REQUIRED: 400,
  KYC_ID_NUMBER_INVALID: 400,
  KYC_FRONT_REQUIRED: 400,
  KYC_BACK_REQUIRED: 400,
  KYC_FILE_TYPE: 415,
  KYC_FILE_TOO_LARGE: 413,
  KYC_FILE_UNREADABLE: 422,
  KYC_FILE_EXTRA_DATA: 422,
  KYC_FILE_DIMENSIONS: 422,
  KYC_UNDER_REVIEW: 409,
  KYC_ALREADY_PASSED: 409,
  KYC_NOT_PENDING: 409,
  KYC_SECOND_REVIEWER_REQUIRED: 409,
  WITHDRAWAL_APPROVER_CREDITED: 409,
  WITHDRAWAL_ACCOUNT_REMOVED: 409,
  HOLDER_NAME_KANA: 400,
  KYC_NOT_PASSED: 403,
  NOTICE_TITLE_REQUIRED: 400,
  NOTICE_BODY_REQUIRED: 400,
  SESSION_NOT_FOUND: 404,
  SESSION_IS_CURRENT: 409,
  INSTRUMENT_NOT_FOUND: 404,
  INSTRUMENT_CODE_INVALID: 400,
  MARKET_QUERY_TOO_LONG: 400,
  MARKET_CODES_REQUIRED: 400,
  MARKET_TOO_MANY_CODES: 400,
  MARKET_TIME_INVALID: 400,
  BAR_INTERVAL_INVALID: 400,
  BAR_RANGE_INVALID: 400,
  WATCHLIST_FULL: 409,
  PRICE_ALERT_PRICE_INVALID: 400,
  PRICE_ALERT_LIMIT: 409,
  PRICE_ALERT_ALREADY_REACHED: 409,
  PRICE_ALERT_NOT_FOUND: 404,
  WS_OP_UNKNOWN: 400,
  WS_CHANNEL_UNKNOWN: 400,
  WS_AUTH_REQUIRED: 401,
  WS_TOO_MANY_CHANNELS: 400,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * The form fields a failure without `params.field` concerns, most specific first: a form shows it under the
 * first of these it has (a new login password is `newPassword` when changed, `password` when reset). A code
 * not listed names no field and is shown above the form.
 */
export const ERROR_FIELDS: Partial<Record<ErrorCode, readonly string[]>> = {
  INVALID_CREDENTIALS: ['password'],
  MOBILE_TAKEN: ['mobile'],
  INVITE_CODE_INVALID: ['inviteCode'],
  SMS_CODE_INVALID: ['smsCode'],
  SMS_TOO_SOON: ['smsCode'],
  SMS_DAILY_LIMIT: ['smsCode'],
  OLD_PASSWORD_WRONG: ['oldPassword'],
  NEW_PASSWORD_SAME: ['newPassword'],
  TRANSACTION_PASSWORD_SAME_AS_LOGIN: ['newPassword'],
  LOGIN_PASSWORD_SAME_AS_TRANSACTION: ['newPassword', 'password'],
  FACTOR_CODE_INVALID: ['code'],
  TRANSACTION_PASSWORD_WRONG: ['transactionPassword'],
  INSUFFICIENT_FUNDS: ['amount'],
  HOLDER_NAME_KANA: ['holderName'],
  WITHDRAWAL_BELOW_MINIMUM: ['amount'],
  BANK_ACCOUNT_NOT_FOUND: ['bankAccountId'],
  BANK_ACCOUNT_DUPLICATE: ['accountNumber'],
  TRANSFER_DATE_OUT_OF_RANGE: ['transferDate'],
  PRICE_ALERT_PRICE_INVALID: ['price'],
  PRICE_ALERT_ALREADY_REACHED: ['price'],
};

/** The fields a failure concerns: the one its params name (validation), else its catalogue entry's. */
export function fieldsOfFailure(errorCode: string, params: Record<string, unknown>): readonly string[] {
  const named = params.field;
  if (typeof named === 'string' && named !== '') return [named];
  return isErrorCode(errorCode) ? (ERROR_FIELDS[errorCode] ?? []) : [];
}

/**
 * `params.remainingAttempts` of a wrong password: sent once only this many tries are left before the lock,
 * so the person can stop and reset the password instead.
 */
export const REMAINING_ATTEMPTS_WARNING = 2;

/**
 * `params.reason` of an ended session (HTTP 401), when it was ended on purpose rather than by time: the login
 * screen says why.
 */
export const SESSION_END_REASONS = ['signed_out_elsewhere', 'password_changed', 'frozen'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

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
