import { ERROR_STATUS, type ErrorCode } from '@kabuto/contract';

export type ErrorParams = Record<string, string | number>;

/** A failure the client is told about: a stable code from the catalogue (which fixes the HTTP status) and the message's parameters. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly errorCode: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(errorCode);
    this.status = ERROR_STATUS[errorCode];
  }
}

export const fail = (errorCode: ErrorCode, params: ErrorParams = {}) => new AppError(errorCode, params);

/**
 * Thrown inside `ctx.transact` when the failure must keep what the work wrote: a counted wrong password, a
 * counted SMS-code attempt, an audited failed staff login. The transaction commits, then `failure` is thrown.
 * Any other error rolls everything back.
 */
export class FailAfterCommit extends Error {
  constructor(readonly failure: AppError) {
    super(failure.errorCode);
  }
}
