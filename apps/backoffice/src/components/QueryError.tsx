import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';

/** A failed load, in the interface language, with a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(error)}
      data-testid="query-error"
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={onRetry}>
          {t('retry', { ns: 'common' })}
        </Button>
      }
    />
  );
}
