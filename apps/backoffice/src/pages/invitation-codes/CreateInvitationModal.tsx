import { useState } from 'react';
import { Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { createInvitationRequest, type InvitationCode } from '@kabuto/contract';
import { useErrorText } from '../../app/error-text';
import { FormError } from '../../components/FormError';
import { validate } from '../../lib/validate';
import { useCreateInvitation } from './invitation-codes-api';

interface CreateInvitationValues {
  code?: string;
  unlimited: boolean;
  maxUses?: number | null;
  note?: string;
}

const INITIAL_VALUES: CreateInvitationValues = { unlimited: false, maxUses: 1 };

/** The request as the contract wants it: blank optional texts left out, no limit when unlimited. */
function toRequest(values: CreateInvitationValues) {
  const code = values.code?.trim();
  const note = values.note?.trim();
  return {
    ...(code ? { code } : {}),
    maxUses: values.unlimited ? null : (values.maxUses ?? undefined),
    ...(note ? { note } : {}),
  };
}

interface CreateInvitationModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (invitation: InvitationCode) => void;
}

export function CreateInvitationModal({ open, onClose, onCreated }: CreateInvitationModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form] = Form.useForm<CreateInvitationValues>();
  const unlimited = Form.useWatch('unlimited', form) ?? false;
  const create = useCreateInvitation();
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);

  function close() {
    setError(null);
    form.resetFields();
    onClose();
  }

  function submit() {
    const checked = validate(
      createInvitationRequest,
      toRequest(form.getFieldsValue(true) as CreateInvitationValues),
    );
    if (!checked.ok) {
      setError({
        message: t(checked.error.errorCode, { ns: 'errors', ...checked.error.params }),
        field: checked.error.field,
      });
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (invitation) => {
        close();
        onCreated(invitation);
      },
      onError: (failure) => setError({ message: errorText(failure), field: null }),
    });
  }

  const statusOf = (field: string) => (error?.field === field ? 'error' : undefined);

  return (
    <Modal
      open={open}
      title={t('invitations.create.title')}
      okText={t('invitations.create.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: create.isPending }}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      <FormError message={error?.message ?? null} />
      <Form
        form={form}
        layout="vertical"
        initialValues={INITIAL_VALUES}
        preserve={false}
        data-testid="create-invitation-form"
      >
        <Form.Item
          name="code"
          label={t('invitations.create.code')}
          extra={t('invitations.create.codeHint')}
          validateStatus={statusOf('code')}
        >
          <Input
            maxLength={32}
            placeholder={t('invitations.create.codePlaceholder')}
            data-testid="invitation-code-input"
          />
        </Form.Item>
        <Form.Item name="unlimited" label={t('invitations.create.unlimited')} valuePropName="checked">
          <Switch data-testid="invitation-unlimited" />
        </Form.Item>
        <Form.Item
          name="maxUses"
          label={t('invitations.create.maxUses')}
          validateStatus={statusOf('maxUses')}
          hidden={unlimited}
        >
          <InputNumber
            min={1}
            max={1_000_000}
            precision={0}
            style={{ width: 200 }}
            data-testid="invitation-max-uses"
          />
        </Form.Item>
        <Form.Item name="note" label={t('invitations.create.note')} validateStatus={statusOf('note')}>
          <Input.TextArea
            maxLength={140}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            data-testid="invitation-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
