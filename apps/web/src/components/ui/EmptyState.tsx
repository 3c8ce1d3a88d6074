import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <Empty data-testid="empty-state" className="kb-empty" description={description ?? t('common:empty')} />
  );
}
