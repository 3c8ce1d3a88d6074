import { useState } from 'react';
import { App } from 'antd';
import { newIdempotencyKey } from '@kabuto/client';
import { formatYen } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionModal } from '../../../components/ConfirmActionModal';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import { useApproveAdjustment, useRejectAdjustment, type Adjustment } from '../api/use-adjustments';

interface ModalProps {
  adjustment: Adjustment;
  onClose: () => void;
}

export function ApproveAdjustmentModal({ adjustment, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const approve = useApproveAdjustment(adjustment.id, idempotencyKey);
  return (
    <ConfirmActionModal
      title={t('adjustments.approve.title')}
      confirmQuestion={t('adjustments.approve.confirm', {
        amount: formatYen(adjustment.amount),
        userId: adjustment.userId,
      })}
      okText={t('adjustments.approve.button')}
      action={approve}
      onCancel={onClose}
      onDone={() => {
        onClose();
        void message.success(t('adjustments.approve.done'));
      }}
    >
      <p>{t('adjustments.approve.reason', { reason: adjustment.reason })}</p>
    </ConfirmActionModal>
  );
}

export function RejectAdjustmentModal({ adjustment, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectAdjustment(adjustment.id);
  return (
    <ReasonActionModal
      danger
      title={t('adjustments.reject.title')}
      description={t('adjustments.reject.description')}
      confirmQuestion={t('adjustments.reject.confirm', {
        amount: formatYen(adjustment.amount),
        userId: adjustment.userId,
      })}
      okText={t('adjustments.reject.button')}
      action={reject}
      onCancel={onClose}
      onDone={() => {
        onClose();
        void message.success(t('adjustments.reject.done'));
      }}
    />
  );
}
