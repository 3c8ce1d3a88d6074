import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { useListParams } from '../../../components/list-page/use-list-params';
import { useSmsOutbox } from '../api/use-sms-outbox';
import { useSmsColumns } from '../components/use-sms-columns';

export function SmsOutboxRoute() {
  const { t } = useTranslation();
  const list = useListParams(['mobile']);
  const outbox = useSmsOutbox({
    mobile: list.filters.mobile || undefined,
    page: list.page,
    pageSize: list.pageSize,
  });
  const columns = useSmsColumns();

  return (
    <ListPage
      title={t('nav.smsOutbox')}
      notice={<Alert type="info" showIcon title={t('sms.devNotice')} style={{ marginBottom: 16 }} />}
      list={list}
      filters={[
        { kind: 'search', name: 'mobile', label: t('sms.filters.mobile'), testId: 'sms-mobile-filter' },
      ]}
      query={outbox}
      testId="sms-table"
      rowKey="id"
      columns={columns}
    />
  );
}
