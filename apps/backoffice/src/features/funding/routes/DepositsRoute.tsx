import { useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatYen, REVIEW_STATUSES } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { oneOf, useListParams } from '../../../components/list-page/use-list-params';
import { ReasonActionModal } from '../../../components/ReasonActionModal';
import type { DepositNotice } from '../api/funding-keys';
import { useDepositNotices, useRejectDepositNotice } from '../api/use-deposits';
import { CreditDepositModal } from '../components/CreditDepositModal';
import { useDepositColumns } from '../components/use-deposit-columns';

function RejectNoticeModal({ notice, onClose }: { notice: DepositNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectDepositNotice(notice.id);
  return (
    <ReasonActionModal
      danger
      title={t('deposits.reject.title')}
      description={t('deposits.reject.description')}
      confirmQuestion={t('deposits.reject.confirm', {
        amount: formatYen(notice.amount),
        mobile: notice.mobile,
      })}
      okText={t('deposits.reject.button')}
      action={reject}
      onCancel={onClose}
      onDone={() => {
        onClose();
        void message.success(t('deposits.reject.done'));
      }}
    />
  );
}

/** Deposit notices, pending first: credit what the bank statement shows, or reject with a reason. */
export function DepositsRoute() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListParams(['status']);
  const notices = useDepositNotices({
    status: oneOf(REVIEW_STATUSES, list.filters.status),
    page: list.page,
    pageSize: list.pageSize,
  });
  // undefined: closed; null: a credit without a notice.
  const [crediting, setCrediting] = useState<DepositNotice | null | undefined>(undefined);
  const [rejecting, setRejecting] = useState<DepositNotice | null>(null);
  const columns = useDepositColumns({ onCredit: setCrediting, onReject: setRejecting });

  return (
    <ListPage
      title={t('nav.deposits')}
      actions={
        <Button
          icon={<PlusOutlined />}
          onClick={() => setCrediting(null)}
          data-testid="credit-without-notice"
        >
          {t('deposits.credit.withoutNotice')}
        </Button>
      }
      list={list}
      filters={[
        {
          kind: 'select',
          name: 'status',
          label: t('deposits.filters.status'),
          placeholder: t('deposits.filters.allStatuses'),
          options: REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviewStatus.${status}`) })),
          testId: 'notice-status-filter',
          width: 180,
        },
      ]}
      query={notices}
      testId="deposit-notices-table"
      rowKey="id"
      columns={columns}
    >
      {crediting !== undefined && (
        <CreditDepositModal
          notice={crediting}
          onClose={() => setCrediting(undefined)}
          onCredited={(deposit) => {
            setCrediting(undefined);
            void message.success(
              t('deposits.credit.done', {
                amount: formatYen(deposit.amount),
                userId: deposit.userId,
                after: formatYen(deposit.availableAfter),
              }),
            );
          }}
        />
      )}
      {rejecting && <RejectNoticeModal notice={rejecting} onClose={() => setRejecting(null)} />}
    </ListPage>
  );
}
