import type { ReactNode } from 'react';
import { Alert, Modal, Typography } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/error-text';

interface ConfirmActionModalProps<Result> {
  title: ReactNode;
  /** What the action will do, asked as a question: the one confirmation. */
  confirmQuestion: ReactNode;
  children?: ReactNode;
  okText: string;
  action: UseMutationResult<Result, Error, void>;
  onCancel: () => void;
  onDone: (result: Result) => void;
}

/** An audited action that takes no reason (an approval): one dialog that says what it does; a refusal stays in it. */
export function ConfirmActionModal<Result>(props: ConfirmActionModalProps<Result>) {
  const { title, confirmQuestion, children, okText, action, onCancel, onDone } = props;
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: action.isPending, 'data-testid': 'confirm-action' }}
      onOk={() => action.mutate(undefined, { onSuccess: onDone })}
      onCancel={() => {
        action.reset();
        onCancel();
      }}
    >
      {children}
      <Typography.Paragraph strong data-testid="confirm-question">
        {confirmQuestion}
      </Typography.Paragraph>
      {action.error && (
        <Alert type="error" showIcon title={errorText(action.error)} data-testid="confirm-error" />
      )}
    </Modal>
  );
}
