import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function RefreshButton({ onRefresh, loading }: { onRefresh: () => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={loading} data-testid="refresh">
      {t('table.refresh')}
    </Button>
  );
}
