import { fieldOrderOf, firstError, type FirstError, type IssueLike } from '@kabuto/contract';

/** What the forms need of a contract schema. */
export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: IssueLike[] } };
}

export type Validation<T> = { ok: true; data: T } | { ok: false; error: FirstError };

/** Checks form values against a contract schema; on failure reports the first failing field, in form order. */
export function validate<T>(schema: Schema<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const error = firstError(result.error.issues, fieldOrderOf(schema)) ?? {
    errorCode: 'VALIDATION_FAILED',
    params: { field: '' },
    field: null,
  };
  return { ok: false, error };
}
