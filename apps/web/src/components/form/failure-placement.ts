import { ApiError } from '@kabuto/client';
import { fieldsOfFailure } from '@kabuto/contract';

/** Where a form shows a failed request. */
export type FailurePlacement =
  /** Under the field it concerns, with the tries left before the lock when the server counts them down. */
  | { kind: 'field'; field: string; message: string; remainingAttempts?: number }
  /** In the alert above the form; `retryable` when no answer came back (offline, timed out). */
  | { kind: 'form'; message: string; retryable: boolean }
  /** The session has ended: the app shell returns to login and says why. */
  | { kind: 'session' };

/**
 * The one rule for placing a failure in a form: the field it names (`params.field`) or concerns (the
 * contract's ERROR_FIELDS), when the form has that field; otherwise above the form.
 */
export function placeFailure(
  failure: unknown,
  formFields: readonly string[],
  fallbackMessage: string,
): FailurePlacement {
  if (!(failure instanceof ApiError)) return { kind: 'form', message: fallbackMessage, retryable: false };
  if (failure.sessionExpired) return { kind: 'session' };
  const field = fieldsOfFailure(failure.errorCode, failure.params).find((name) => formFields.includes(name));
  if (field === undefined) return { kind: 'form', message: failure.message, retryable: failure.transport };
  const remaining = failure.params.remainingAttempts;
  return {
    kind: 'field',
    field,
    message: failure.message,
    ...(typeof remaining === 'number' ? { remainingAttempts: remaining } : {}),
  };
}
