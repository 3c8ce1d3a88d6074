import { useState, type ReactNode } from 'react';
import { Button, Input, Modal, Popconfirm, Typography } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reasonRequest } from '@kabuto/contract';
import { ContractForm } from './form/ContractForm';
import { FormField } from './form/FormField';
import { useContractForm } from './form/use-contract-form';

export type ReasonBody = ReturnType<typeof reasonRequest.parse>;

interface ReasonActionModalProps<Result> {
  title: ReactNode;
  description: ReactNode;
  /** The question asked once more before the action is sent. */
  confirmQuestion: ReactNode;
  okText: string;
  danger?: boolean;
  /** The audited action; it takes the reason, which the audit log records. */
  action: UseMutationResult<Result, Error, ReasonBody>;
  onCancel: () => void;
  onDone: (result: Result) => void;
}

/**
 * An audited staff action: asks for the reason, then for a confirmation, then sends it; a refusal stays in
 * the modal. Rendered only while the action is under way, so that every opening starts empty.
 */
export function ReasonActionModal<Result>(props: ReasonActionModalProps<Result>) {
  const { title, description, confirmQuestion, okText, danger = false, action, onCancel, onDone } = props;
  const { t } = useTranslation();
  const { form, failure, check, submit, pending } = useContractForm(reasonRequest, action);
  const [confirming, setConfirming] = useState(false);

  function cancel() {
    action.reset();
    onCancel();
  }

  function send() {
    setConfirming(false);
    submit(form.getFieldsValue(), { onSuccess: onDone });
  }

  return (
    <Modal
      open
      title={title}
      onCancel={cancel}
      footer={[
        <Button key="cancel" onClick={cancel}>
          {t('cancel', { ns: 'common' })}
        </Button>,
        <Popconfirm
          key="submit"
          open={confirming}
          title={confirmQuestion}
          okText={t('confirm', { ns: 'common' })}
          cancelText={t('cancel', { ns: 'common' })}
          okButtonProps={{ danger }}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        >
          <Button
            type="primary"
            danger={danger}
            loading={pending}
            onClick={() => setConfirming(check(form.getFieldsValue()) !== null)}
            data-testid="reason-submit"
          >
            {okText}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <ContractForm form={form} failure={failure} initialValues={{ reason: '' }}>
        <FormField name="reason" label={t('reasonModal.label')}>
          <Input.TextArea
            placeholder={t('reasonModal.placeholder')}
            maxLength={500}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            data-testid="reason-input"
          />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
