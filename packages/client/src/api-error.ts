import type { ClientErrorCode, ErrorCode } from '@kabuto/contract';

/**
 * A failed call, the same in both apps: the server's error code, message (already in the caller's
 * language) and parameters, or a client code (NETWORK, TIMEOUT, BAD_RESPONSE) with no server message.
 */
export class ApiError extends Error {
  constructor(
    readonly errorCode: ErrorCode | ClientErrorCode,
    message: string,
    readonly params: Record<string, unknown> = {},
    /** HTTP status; 0 when no answer was read. */
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The session is missing or has ended: the app returns to its login screen. */
  get sessionExpired(): boolean {
    return this.status === 401;
  }

  /** No server answer was read (offline, timed out, unreadable): a retry may succeed. */
  get transport(): boolean {
    return this.status === 0;
  }
}
