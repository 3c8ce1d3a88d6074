import { useState } from 'react';
import { Descriptions, Input, Modal, Typography } from 'antd';
import { newIdempotencyKey } from '@kabuto/client';
import { formatYen, staffDepositRequest } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm, type FormValues } from '../../../components/form/use-contract-form';
import type { DepositNotice, StaffDeposit } from '../api/funding-keys';
import { useCreditDeposit } from '../api/use-deposits';

interface CreditDepositModalProps {
  /** The notice being credited; none for money that arrived without one. */
  notice: DepositNotice | null;
  onClose: () => void;
  onCredited: (deposit: StaffDeposit) => void;
}

/** Blank texts left out, so the contract reports the missing field. */
function toRequest(values: FormValues, notice: DepositNotice | null) {
  return {
    userId: String(values.userId ?? '').trim(),
    amount: String(values.amount ?? '').trim(),
    bankReference: String(values.bankReference ?? '').trim(),
    ...(notice ? { noticeId: notice.id } : {}),
  };
}

/** Credit money seen on the firm's bank statement to a user; the dialog's one key makes it happen once. */
export function CreditDepositModal({ notice, onClose, onCredited }: CreditDepositModalProps) {
  const { t } = useTranslation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const credit = useCreditDeposit(idempotencyKey);
  const { form, failure, submit, pending } = useContractForm(staffDepositRequest, credit);
  const initialValues = notice
    ? { userId: notice.userId, amount: notice.amount, bankReference: '' }
    : { userId: '', amount: '', bankReference: '' };

  return (
    <Modal
      open
      title={t('deposits.credit.title')}
      okText={t('deposits.credit.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: pending, 'data-testid': 'credit-submit' }}
      onOk={() => submit(toRequest(form.getFieldsValue(true), notice), { onSuccess: onCredited })}
      onCancel={onClose}
    >
      {notice && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'mobile',
              label: t('deposits.columns.user'),
              children: `${notice.userId} (${notice.mobile})`,
            },
            { key: 'amount', label: t('deposits.columns.amount'), children: formatYen(notice.amount) },
            { key: 'date', label: t('deposits.columns.transferDate'), children: notice.transferDate },
            { key: 'sender', label: t('deposits.columns.senderName'), children: notice.senderName },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary">{t('deposits.credit.description')}</Typography.Paragraph>
      <ContractForm form={form} failure={failure} initialValues={initialValues} testId="credit-form">
        <FormField name="userId" label={t('deposits.credit.userId')}>
          <Input disabled={notice !== null} inputMode="numeric" data-testid="credit-user" />
        </FormField>
        <FormField name="amount" label={t('deposits.credit.amount')} extra={t('deposits.credit.amountHint')}>
          <Input inputMode="decimal" suffix="JPY" data-testid="credit-amount" />
        </FormField>
        <FormField
          name="bankReference"
          label={t('deposits.credit.bankReference')}
          extra={t('deposits.credit.bankReferenceHint')}
        >
          <Input maxLength={60} data-testid="credit-reference" />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
