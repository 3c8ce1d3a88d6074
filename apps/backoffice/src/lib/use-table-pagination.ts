import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/** Server-side pagination for an antd Table, with the total count shown in the interface language. */
export function useTablePagination(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => t('table.total', { total: count }),
    onChange,
  };
}
