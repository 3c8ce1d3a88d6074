import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createInvitationRequest, type InvitationCode } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm, type FormValues } from '../../../components/form/use-contract-form';
import { useCreateInvitation } from '../api/use-invitations';

const INITIAL_VALUES = { code: '', unlimited: false, maxUses: 1, note: '' };

/** The request as the contract wants it: blank optional texts left out, no limit when unlimited. */
function toRequest(values: FormValues) {
  const code = String(values.code ?? '').trim();
  const note = String(values.note ?? '').trim();
  return {
    ...(code ? { code } : {}),
    maxUses: values.unlimited ? null : (values.maxUses ?? undefined),
    ...(note ? { note } : {}),
  };
}

interface CreateInvitationModalProps {
  onClose: () => void;
  onCreated: (invitation: InvitationCode) => void;
}

export function CreateInvitationModal({ onClose, onCreated }: CreateInvitationModalProps) {
  const { t } = useTranslation();
  const create = useCreateInvitation();
  const { form, failure, submit, pending } = useContractForm(createInvitationRequest, create);
  const unlimited = Form.useWatch('unlimited', form) === true;

  return (
    <Modal
      open
      title={t('invitations.create.title')}
      okText={t('invitations.create.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: pending }}
      onOk={() => submit(toRequest(form.getFieldsValue(true)), { onSuccess: onCreated })}
      onCancel={onClose}
    >
      <ContractForm
        form={form}
        failure={failure}
        initialValues={INITIAL_VALUES}
        testId="create-invitation-form"
      >
        <FormField name="code" label={t('invitations.create.code')} extra={t('invitations.create.codeHint')}>
          <Input
            maxLength={32}
            placeholder={t('invitations.create.codePlaceholder')}
            data-testid="invitation-code-input"
          />
        </FormField>
        <FormField name="unlimited" label={t('invitations.create.unlimited')} valuePropName="checked">
          <Switch data-testid="invitation-unlimited" />
        </FormField>
        <FormField name="maxUses" label={t('invitations.create.maxUses')} hidden={unlimited}>
          <InputNumber
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: 200 }}
            data-testid="invitation-max-uses"
          />
        </FormField>
        <FormField name="note" label={t('invitations.create.note')}>
          <Input.TextArea
            maxLength={140}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="invitation-note"
          />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
