import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@kabuto/client';
import type { FirstError } from '@kabuto/contract';

/**
 * Turns a failure into a sentence in the interface language: a failed call (its error code from the
 * `errors` namespace with the server's parameters, else the server's own text) or a form's first invalid field.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (i18n.exists(error.errorCode, { ns: 'errors' }))
          return t(error.errorCode, { ns: 'errors', ...error.params });
        if (error.message) return error.message;
      } else if (isFirstError(error)) {
        return t(error.errorCode, { ns: 'errors', ...error.params });
      }
      return t('INTERNAL', { ns: 'errors' });
    },
    [t, i18n],
  );
}

function isFirstError(error: unknown): error is FirstError {
  return typeof error === 'object' && error !== null && 'errorCode' in error && 'field' in error;
}
