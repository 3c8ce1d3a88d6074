import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { kycKanaRequest } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useRecordKycKana } from '../api/use-kyc';

/** The フリガナ of a verification passed before it was asked for, read from the document; once only. */
export function RecordKanaModal({
  id,
  onClose,
  onDone,
}: {
  id: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordKycKana(id);
  const { form, failure, submit, pending } = useContractForm(kycKanaRequest, record);
  return (
    <Modal
      open
      title={t('kyc.recordKana.title')}
      okText={t('kyc.recordKana.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: pending, 'data-testid': 'kyc-kana-submit' }}
      onOk={() => submit(form.getFieldsValue(true), { onSuccess: onDone })}
      onCancel={onClose}
    >
      <Alert type="info" showIcon message={t('kyc.recordKana.description')} style={{ marginBottom: 16 }} />
      <ContractForm form={form} failure={failure} initialValues={{ fullNameKana: '' }} testId="kyc-kana-form">
        <FormField name="fullNameKana" label={t('kyc.recordKana.label')}>
          <Input maxLength={100} data-testid="kyc-kana-input" />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
