import { isErrorCode, type ErrorCode } from './errors';

/** The parts of a zod issue this module reads; kept structural so any zod 4 issue fits. */
export interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

export interface FirstError {
  errorCode: ErrorCode;
  params: Record<string, string>;
  field: string | null;
}

/**
 * Picks the issue to report: the first failing field in the form's own field order: a form shows the first
 * failing field's message and stops. Unknown fields come before everything.
 */
export function firstError(issues: readonly IssueLike[], fieldOrder: readonly string[]): FirstError | null {
  const rank = (issue: IssueLike) => {
    if (issue.code === 'unrecognized_keys') return -1;
    const field = issue.path[0];
    const index = typeof field === 'string' ? fieldOrder.indexOf(field) : -1;
    return index === -1 ? fieldOrder.length : index;
  };
  const issue = [...issues].sort((a, b) => rank(a) - rank(b))[0];
  if (!issue) return null;
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  if (issue.code === 'unrecognized_keys') {
    return { errorCode: 'UNKNOWN_FIELD', params: { field: (issue.keys ?? []).join(', ') }, field: null };
  }
  if (isErrorCode(issue.message)) return { errorCode: issue.message, params: { field: field ?? '' }, field };
  return { errorCode: 'VALIDATION_FAILED', params: { field: field ?? '' }, field };
}

/** Field order of an object schema (zod 4 keeps declaration order in `shape`). */
export function fieldOrderOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | null)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}
