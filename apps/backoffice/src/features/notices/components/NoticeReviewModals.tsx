import { App } from 'antd';
import type { Notice } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionModal } from '../../../components/ConfirmActionModal';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useApproveNotice, useRejectNotice } from '../api/use-notices';

interface ModalProps {
  notice: Notice;
  onClose: () => void;
}

export function ApproveNoticeModal({ notice, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const approve = useApproveNotice(notice.id);
  return (
    <ConfirmActionModal
      title={t('notices.approve.title')}
      confirmQuestion={t('notices.approve.confirm', { title: notice.title })}
      okText={t('notices.approve.button')}
      action={approve}
      onCancel={onClose}
      onDone={() => {
        onClose();
        void message.success(t('notices.approve.done', { title: notice.title }));
      }}
    >
      <p style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-approve-body">
        {notice.body}
      </p>
    </ConfirmActionModal>
  );
}

export function RejectNoticeModal({ notice, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectNotice(notice.id);
  return (
    <ReasonActionModal
      danger
      title={t('notices.reject.title')}
      description={t('notices.reject.description')}
      confirmQuestion={t('notices.reject.confirm', { title: notice.title })}
      okText={t('notices.reject.button')}
      action={reject}
      onCancel={onClose}
      onDone={() => {
        onClose();
        void message.success(t('notices.reject.done'));
      }}
    />
  );
}
