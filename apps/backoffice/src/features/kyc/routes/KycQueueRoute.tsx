import { Tag } from 'antd';
import { formatJst, type StaffKycSummary } from '@kabuto/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useKycList } from '../api/use-kyc';

export const KYC_STATUS_COLOR = { pending: 'gold', passed: 'green', rejected: 'red' } as const;

export function KycQueueRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams([]);
  const submissions = useKycList({ page: list.page, pageSize: list.pageSize });
  return (
    <ListPage
      title={t('nav.kyc')}
      list={list}
      filters={[]}
      query={submissions}
      testId="kyc-table"
      rowKey="id"
      columns={[
        {
          title: t('kyc.columns.submittedAt'),
          dataIndex: 'submittedAt',
          render: (v: string) => formatJst(v),
        },
        { title: t('kyc.columns.userId'), dataIndex: 'userId' },
        { title: t('kyc.columns.fullName'), dataIndex: 'fullName' },
        {
          title: t('kyc.columns.fullNameKana'),
          dataIndex: 'fullNameKana',
          render: (kana: string | null) => kana ?? '—',
        },
        { title: t('kyc.columns.idNumber'), dataIndex: 'idNumberMasked' },
        {
          title: t('kyc.columns.status'),
          dataIndex: 'status',
          render: (status: StaffKycSummary['status'], row: StaffKycSummary) => (
            <Tag color={KYC_STATUS_COLOR[status]}>
              {status === 'pending' && row.firstApprovedBy
                ? t('kyc.status.awaitingSecond')
                : t(`kyc.status.${status}`)}
            </Tag>
          ),
        },
        {
          title: t('kyc.columns.reviewedBy'),
          dataIndex: 'reviewedBy',
          render: (v: string | null) => v ?? '-',
        },
      ]}
      onRow={(row: StaffKycSummary) => ({
        onClick: () => navigate(`/kyc/${row.id}`),
        style: { cursor: 'pointer' },
      })}
    />
  );
}
