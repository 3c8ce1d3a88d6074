import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <Empty data-testid="empty-state" className="kb-empty" description={description ?? t('common:empty')} />
  );
}

/** A screen or section that is not built yet: says it is being prepared, not that there is no data. */
export function ComingSoon() {
  const { t } = useTranslation();
  return <EmptyState description={t('common:comingSoon')} />;
}
