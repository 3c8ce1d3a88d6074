import { Alert, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { createNoticeRequest, NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type Notice } from '@kabuto/contract';
import { ContractForm } from '../../../components/form/ContractForm';
import { FormField } from '../../../components/form/FormField';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useBroadcastNotice } from '../api/use-notices';

interface BroadcastNoticeModalProps {
  onClose: () => void;
  onSent: (notice: Notice) => void;
}

/** One dialog that says what happens to the notice (approved by a colleague, then every investor at once, for good). */
export function BroadcastNoticeModal({ onClose, onSent }: BroadcastNoticeModalProps) {
  const { t } = useTranslation();
  const broadcast = useBroadcastNotice();
  const { form, failure, submit, pending } = useContractForm(createNoticeRequest, broadcast);

  return (
    <Modal
      open
      title={t('notices.broadcast.title')}
      okText={t('notices.broadcast.submit')}
      cancelText={t('cancel', { ns: 'common' })}
      okButtonProps={{ loading: pending, 'data-testid': 'broadcast-notice-submit' }}
      onOk={() => submit(form.getFieldsValue(true), { onSuccess: onSent })}
      onCancel={onClose}
    >
      <Alert type="warning" showIcon message={t('notices.broadcast.warning')} style={{ marginBottom: 16 }} />
      <ContractForm
        form={form}
        failure={failure}
        initialValues={{ title: '', body: '' }}
        testId="notice-form"
      >
        <FormField name="title" label={t('notices.broadcast.noticeTitle')}>
          <Input maxLength={NOTICE_TITLE_MAX} showCount data-testid="notice-title" />
        </FormField>
        <FormField name="body" label={t('notices.broadcast.body')}>
          <Input.TextArea
            maxLength={NOTICE_BODY_MAX}
            showCount
            autoSize={{ minRows: 4, maxRows: 10 }}
            data-testid="notice-body"
          />
        </FormField>
      </ContractForm>
    </Modal>
  );
}
