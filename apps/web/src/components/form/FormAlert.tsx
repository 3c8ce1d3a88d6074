import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { FormAlertState } from './use-form';

/** Above a form: the failure that names none of its fields, until the next attempt; Retry when no answer came. */
export function FormAlert({ alert, testId }: { alert: FormAlertState | null; testId: string }) {
  const { t } = useTranslation();
  if (!alert) return null;
  return (
    <div className="kb-form-alert" role="alert" data-testid={`${testId}-alert`}>
      <span className="kb-form-alert-message">{alert.message}</span>
      {alert.retry ? (
        <Button
          size="small"
          color="danger"
          fill="outline"
          onClick={alert.retry}
          data-testid={`${testId}-retry`}
        >
          {t('form.retry')}
        </Button>
      ) : null}
    </div>
  );
}
