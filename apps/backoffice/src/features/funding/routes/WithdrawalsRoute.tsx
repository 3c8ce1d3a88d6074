import { useState } from 'react';
import { REVIEW_STATUSES } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import type { StaffWithdrawal } from '../api/funding-keys';
import { useWithdrawalQueue } from '../api/use-withdrawals';
import { useWithdrawalColumns } from '../components/use-withdrawal-columns';
import { ApproveWithdrawalModal, RejectWithdrawalModal } from '../components/WithdrawalActionModals';

/** Withdrawals, pending first: approve (two different staff above the threshold) or reject with a reason. */
export function WithdrawalsRoute() {
  const { t } = useTranslation();
  const list = useListParams(['status']);
  const withdrawals = useWithdrawalQueue({
    status: oneOf(REVIEW_STATUSES, list.filters.status),
    page: list.page,
    pageSize: list.pageSize,
  });
  const [approving, setApproving] = useState<StaffWithdrawal | null>(null);
  const [rejecting, setRejecting] = useState<StaffWithdrawal | null>(null);
  const columns = useWithdrawalColumns({ onApprove: setApproving, onReject: setRejecting });

  return (
    <ListPage
      title={t('nav.withdrawals')}
      list={list}
      filters={[
        {
          kind: 'select',
          name: 'status',
          label: t('withdrawals.filters.status'),
          placeholder: t('withdrawals.filters.allStatuses'),
          options: REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviewStatus.${status}`) })),
          testId: 'withdrawal-status-filter',
          width: 180,
        },
      ]}
      query={withdrawals}
      testId="withdrawals-table"
      rowKey="id"
      columns={columns}
    >
      {approving && <ApproveWithdrawalModal withdrawal={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectWithdrawalModal withdrawal={rejecting} onClose={() => setRejecting(null)} />}
    </ListPage>
  );
}
