import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/**
 * Turns any failure into a sentence in the interface language: known error codes from the `errors`
 * namespace (with the server's parameters), transport failures from our own texts, else the server's text.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError) {
        if (error.errorCode === 'TIMEOUT') return t('request.timeout');
        if (error.errorCode === 'NETWORK') return t('request.network');
        if (i18n.exists(error.errorCode, { ns: 'errors' }))
          return t(error.errorCode, { ns: 'errors', ...error.params });
        if (error.message) return error.message;
      }
      return t('INTERNAL', { ns: 'errors' });
    },
    [t, i18n],
  );
}
