import { useState } from 'react';
import { App } from 'antd';
import { newIdempotencyKey } from '@kabuto/client';
import { formatYen } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionModal } from '../../../components/ConfirmActionModal';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import type { StaffWithdrawal } from '../api/funding-keys';
import { useApproveWithdrawal, useRejectWithdrawal } from '../api/use-withdrawals';

interface ModalProps {
  withdrawal: StaffWithdrawal;
  onClose: () => void;
}

/** Approve: pays out, or above the threshold records the first of two approvals. */
export function ApproveWithdrawalModal({ withdrawal, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const approve = useApproveWithdrawal(withdrawal.id, idempotencyKey);
  const firstOfTwo = withdrawal.approvalsNeeded > 1 && withdrawal.approvedBy.length === 0;
  const amount = formatYen(withdrawal.amount);
  return (
    <ConfirmActionModal
      title={t('withdrawals.approve.title')}
      confirmQuestion={
        firstOfTwo
          ? t('withdrawals.approve.confirmFirst', { amount, mobile: withdrawal.mobile })
          : t('withdrawals.approve.confirm', { amount, mobile: withdrawal.mobile })
      }
      okText={t('withdrawals.approve.button')}
      action={approve}
      onCancel={onClose}
      onDone={(result) => {
        onClose();
        void message.success(
          result.status === 'approved'
            ? t('withdrawals.approve.done')
            : t('withdrawals.approve.recorded', {
                count: result.approvedBy.length,
                needed: result.approvalsNeeded,
              }),
        );
      }}
    />
  );
}

export function RejectWithdrawalModal({ withdrawal, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const reject = useRejectWithdrawal(withdrawal.id, idempotencyKey);
  return (
    <ReasonActionModal
      danger
      title={t('withdrawals.reject.title')}
      description={t('withdrawals.reject.description')}
      confirmQuestion={t('withdrawals.reject.confirm', {
        amount: formatYen(withdrawal.amount),
        mobile: withdrawal.mobile,
      })}
      okText={t('withdrawals.reject.button')}
      action={reject}
      onCancel={onClose}
      onDone={() => {
        onClose();
        void message.success(t('withdrawals.reject.done'));
      }}
    />
  );
}
