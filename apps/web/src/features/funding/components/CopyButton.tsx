import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/clipboard';
import { showToast } from '../../../lib/error-toast';

/** Copies one value of the deposit account, so it is pasted into the bank's app exactly. */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await copyText(value, t('funding.copyFailed'))) showToast(t('funding.copied', { label }), 1200);
  };
  return (
    <Button
      className="kb-copy"
      size="small"
      fill="outline"
      color="primary"
      onClick={() => void copy()}
      aria-label={t('funding.copyLabel', { label })}
      data-testid={testId}
    >
      {t('funding.copy')}
    </Button>
  );
}
