import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A table's empty state: "no data", except after a failed load, which the QueryError above the table already says
 * ("no data" under it would read as nothing there: no exposure, no rows).
 */
export function useTableLocale(error: unknown) {
  const { t } = useTranslation();
  return {
    emptyText: error ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />,
  };
}
