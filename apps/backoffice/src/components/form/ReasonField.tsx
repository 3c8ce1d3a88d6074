import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

/** The reason an audited staff action records, as every such form asks for it (field `reason`). */
export function ReasonField({ testId, rows = 3 }: { testId: string; rows?: number }) {
  const { t } = useTranslation();
  return (
    <FormField name="reason" label={t('reasonModal.label')}>
      <Input.TextArea
        placeholder={t('reasonModal.placeholder')}
        maxLength={500}
        showCount
        autoSize={{ minRows: rows, maxRows: rows + 3 }}
        // room for the character counter, which antd draws below the box
        style={{ marginBottom: 20 }}
        data-testid={testId}
      />
    </FormField>
  );
}
