import { Toast } from 'antd-mobile';
import { fieldOrderOf, firstError } from '@kabuto/contract';
import type { z } from 'zod';
import { i18n } from '../app/i18n';

const VALIDATION_TOAST_MS = 2000;

/**
 * Checks a form with the contract schema the server uses. On failure the first failing field's
 * message is shown as a toast without icon and null is returned (SPEC.md section 5).
 */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const error = firstError(result.error.issues, fieldOrderOf(schema));
  const message = error ? i18n.t(`errors:${error.errorCode}`, error.params) : i18n.t('common:error');
  Toast.show({ content: message, duration: VALIDATION_TOAST_MS });
  return null;
}
