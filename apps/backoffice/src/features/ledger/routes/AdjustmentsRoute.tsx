import { useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { REVIEW_STATUSES } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { useCan, useStaffProfile } from '../../../lib/staff-profile';
import { useAdjustments, type Adjustment } from '../api/use-adjustments';
import { ApproveAdjustmentModal, RejectAdjustmentModal } from '../components/AdjustmentActionModals';
import { LedgerCheckButton } from '../components/LedgerCheckButton';
import { RequestAdjustmentModal } from '../components/RequestAdjustmentModal';
import { useAdjustmentColumns } from '../components/use-adjustment-columns';

/** Manual corrections of available cash: one staff member asks, a different one approves or rejects. */
export function AdjustmentsRoute() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canCheck = useCan('ledger.read');
  const staffId = useStaffProfile().data?.id;
  const list = useListParams(['status']);
  const adjustments = useAdjustments({
    status: oneOf(REVIEW_STATUSES, list.filters.status),
    page: list.page,
    pageSize: list.pageSize,
  });
  const [requesting, setRequesting] = useState(false);
  const [approving, setApproving] = useState<Adjustment | null>(null);
  const [rejecting, setRejecting] = useState<Adjustment | null>(null);
  const columns = useAdjustmentColumns({ staffId, onApprove: setApproving, onReject: setRejecting });

  return (
    <ListPage
      title={t('nav.adjustments')}
      actions={
        <>
          {canCheck && <LedgerCheckButton />}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setRequesting(true)}
            data-testid="request-adjustment"
          >
            {t('adjustments.request.button')}
          </Button>
        </>
      }
      list={list}
      filters={[
        {
          kind: 'select',
          name: 'status',
          label: t('adjustments.filters.status'),
          placeholder: t('adjustments.filters.allStatuses'),
          options: REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviewStatus.${status}`) })),
          testId: 'adjustment-status-filter',
          width: 180,
        },
      ]}
      query={adjustments}
      testId="adjustments-table"
      rowKey="id"
      columns={columns}
    >
      {requesting && (
        <RequestAdjustmentModal
          onClose={() => setRequesting(false)}
          onRequested={() => {
            setRequesting(false);
            void message.success(t('adjustments.request.done'));
          }}
        />
      )}
      {approving && <ApproveAdjustmentModal adjustment={approving} onClose={() => setApproving(null)} />}
      {rejecting && <RejectAdjustmentModal adjustment={rejecting} onClose={() => setRejecting(null)} />}
    </ListPage>
  );
}
