import { Input, Modal, Typography } from 'antd';
import { adjustmentRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm, type FormValues } from '../../../components/form/use-contract-form';
import { useRequestAdjustment, type Adjustment } from '../api/use-adjustments';

const text = (values: FormValues, name: string) => String(values[name] ?? '').trim();

interface RequestAdjustmentModalProps {
  onClose: () => void;
  onRequested: (adjustment: Adjustment) => void;
}

/** A correction of a user's available cash: signed amount and a reason; nothing moves until another approves. */
export function RequestAdjustmentModal({ onClose, onRequested }: RequestAdjustmentModalProps) {
  const { t } = useTranslation();
  const request = useRequestAdjustment();
  const { form, failure, submit, pending } = useContractForm(adjustmentRequest, request);
  return (
    <Modal
      open
      title={t('adjustments.request.title')}
      okText={t('adjustments.request.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: pending, 'data-testid': 'adjustment-submit' }}
      onOk={() => {
        const values = form.getFieldsValue(true);
        submit(
          { userId: text(values, 'userId'), amount: text(values, 'amount'), reason: text(values, 'reason') },
          { onSuccess: onRequested },
        );
      }}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('adjustments.request.description')}</Typography.Paragraph>
      <ContractForm
        form={form}
        failure={failure}
        initialValues={{ userId: '', amount: '', reason: '' }}
        testId="adjustment-form"
      >
        <FormField name="userId" label={t('adjustments.request.userId')}>
          <Input inputMode="numeric" data-testid="adjustment-user" />
        </FormField>
        <FormField
          name="amount"
          label={t('adjustments.request.amount')}
          extra={t('adjustments.request.amountHint')}
        >
          <Input suffix="JPY" data-testid="adjustment-amount" />
        </FormField>
        <FormField name="reason" label={t('adjustments.request.reason')}>
          <Input.TextArea
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            style={{ marginBottom: 20 }}
            data-testid="adjustment-reason"
          />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
