import type { ReactNode } from 'react';
import { Button, Modal, Typography } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reasonRequest } from '@kabuto/contract';
import { ContractForm } from './form/ContractForm';
import { ReasonField } from './form/ReasonField';
import { useContractForm } from './form/use-contract-form';

export type ReasonBody = ReturnType<typeof reasonRequest.parse>;

interface ReasonActionModalProps<Result> {
  title: ReactNode;
  description: ReactNode;
  /** What the action will do, asked as a question in the dialog itself: the one confirmation. */
  confirmQuestion: ReactNode;
  okText: string;
  danger?: boolean;
  /** The audited action; it takes the reason, which the audit log records. */
  action: UseMutationResult<Result, Error, ReasonBody>;
  onCancel: () => void;
  onDone: (result: Result) => void;
}

/**
 * An audited staff action: one dialog that says what will happen, takes the reason and sends it when
 * confirmed; a refusal stays in the dialog. Rendered only while the action is under way, so that every
 * opening starts empty.
 */
export function ReasonActionModal<Result>(props: ReasonActionModalProps<Result>) {
  const { title, description, confirmQuestion, okText, danger = false, action, onCancel, onDone } = props;
  const { t } = useTranslation();
  const { form, failure, check, submit, pending } = useContractForm(reasonRequest, action);

  function cancel() {
    action.reset();
    onCancel();
  }

  function send() {
    if (check(form.getFieldsValue()) === null) return;
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
        <Button
          key="submit"
          type="primary"
          danger={danger}
          loading={pending}
          onClick={send}
          data-testid="reason-submit"
        >
          {okText}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Typography.Paragraph strong data-testid="reason-question">
        {confirmQuestion}
      </Typography.Paragraph>
      <ContractForm form={form} failure={failure} initialValues={{ reason: '' }}>
        <ReasonField testId="reason-input" />
      </ContractForm>
    </Modal>
  );
}
