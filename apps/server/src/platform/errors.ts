import type { ErrorCode } from '@kabuto/contract';

export type ErrorParams = Record<string, string | number>;

/** A failure the client is told about: a stable code, an HTTP status and the message's parameters. */
export class AppError extends Error {
  constructor(
    readonly errorCode: ErrorCode,
    readonly status = 400,
    readonly params: ErrorParams = {},
  ) {
    super(errorCode);
  }
}

export const fail = (errorCode: ErrorCode, status = 400, params: ErrorParams = {}) =>
  new AppError(errorCode, status, params);

/**
 * The outcome of a service call whose failure must still commit what it wrote (a failed login counts
 * towards the lockout; a wrong SMS code counts an attempt). The route throws after the commit.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };
export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = <T = never>(error: AppError): Outcome<T> => ({ ok: false, error });
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
