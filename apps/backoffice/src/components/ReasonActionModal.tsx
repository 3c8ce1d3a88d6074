import { useState, type ReactNode } from 'react';
import { Button, Input, Modal, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reasonRequest } from '@kabuto/contract';
import { useErrorText } from '../app/error-text';
import { validate } from '../lib/validate';
import { FormError } from './FormError';

interface ReasonActionModalProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The question asked once more before the action is sent. */
  confirmQuestion: ReactNode;
  okText: string;
  danger?: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}

/**
 * An audited staff action: asks for the reason (recorded in the audit log), then for a confirmation,
 * then sends it; server errors stay in the modal.
 */
export function ReasonActionModal(props: ReasonActionModalProps) {
  const {
    open,
    title,
    description,
    confirmQuestion,
    okText,
    danger = false,
    pending,
    onCancel,
    onSubmit,
  } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  function reset() {
    setReason('');
    setError(null);
    setConfirming(false);
  }

  function close() {
    reset();
    onCancel();
  }

  function askConfirmation() {
    const checked = validate(reasonRequest, { reason });
    if (checked.ok) {
      setError(null);
      setConfirming(true);
    } else {
      setError(t(checked.error.errorCode, { ns: 'errors', ...checked.error.params }));
    }
  }

  async function submit() {
    setConfirming(false);
    try {
      await onSubmit(reason.trim());
      reset();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('cancel', { ns: 'common' })}
        </Button>,
        <Popconfirm
          key="submit"
          open={confirming}
          title={confirmQuestion}
          okText={t('confirm', { ns: 'common' })}
          cancelText={t('cancel', { ns: 'common' })}
          okButtonProps={{ danger }}
          onConfirm={() => void submit()}
          onCancel={() => setConfirming(false)}
        >
          <Button
            type="primary"
            danger={danger}
            loading={pending}
            onClick={askConfirmation}
            data-testid="reason-submit"
          >
            {okText}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <FormError message={error} />
      <Typography.Text strong>{t('reasonModal.label')}</Typography.Text>
      <Input.TextArea
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t('reasonModal.placeholder')}
        maxLength={500}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        style={{ marginTop: 8 }}
        data-testid="reason-input"
      />
    </Modal>
  );
}
