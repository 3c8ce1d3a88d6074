import { useEffect, type ReactNode } from 'react';
import { Card, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../PageHeader';
import { QueryError } from '../QueryError';
import { RefreshButton } from '../RefreshButton';
import { useTableLocale } from '../use-table-locale';
import { ListFilters, type ListFilter } from './ListFilters';
import type { ListParams } from './use-list-params';

/** What the scaffold reads of a list query. */
interface PagedQuery<Row> {
  data: { items: Row[]; total: number } | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

type TableOptions<Row> = Pick<
  TableProps<Row>,
  'rowKey' | 'columns' | 'expandable' | 'onRow' | 'rowClassName'
>;

interface ListPageProps<Row, Filter extends string> extends TableOptions<Row> {
  title: string;
  /** Buttons next to Refresh, such as Create. */
  actions?: ReactNode;
  /** A notice above the list. */
  notice?: ReactNode;
  list: ListParams<Filter>;
  filters?: readonly ListFilter<Filter>[];
  query: PagedQuery<Row>;
  testId: string;
  /** Modals the page opens. */
  children?: ReactNode;
}

/**
 * A list screen: title with Refresh, filters, the failure with a retry, and a paged table whose page and
 * filters live in the URL.
 */
export function ListPage<Row extends object, Filter extends string>(props: ListPageProps<Row, Filter>) {
  const { title, actions, notice, list, filters = [], query, testId, children, ...table } = props;
  const { t } = useTranslation();
  const retry = () => void query.refetch();
  const locale = useTableLocale(query.error);
  useLastPageWhenPastTheEnd(list, query.data);
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space>
            <RefreshButton onRefresh={retry} loading={query.isFetching} />
            {actions}
          </Space>
        }
      />
      {notice}
      <Card>
        <ListFilters filters={filters} list={list} />
        <QueryError error={query.error} onRetry={retry} />
        <Table<Row>
          {...table}
          data-testid={testId}
          size="middle"
          dataSource={query.data?.items}
          loading={query.isFetching}
          locale={locale}
          pagination={{
            current: list.page,
            pageSize: list.pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('table.total', { total }),
            onChange: list.setPage,
          }}
        />
      </Card>
      {children}
    </>
  );
}

/**
 * A page past the end (an old link, or a queue that shrank while it was open) moves to the last page that has
 * rows, instead of an empty table that reads as "nothing here".
 */
function useLastPageWhenPastTheEnd(
  list: Pick<ListParams<string>, 'page' | 'pageSize' | 'setPage'>,
  data: { items: unknown[]; total: number } | undefined,
) {
  const { page, pageSize, setPage } = list;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / pageSize)) : page;
  const pastTheEnd = data !== undefined && data.items.length === 0 && page > lastPage;
  useEffect(() => {
    // In place of the address past the end: Back then leads where the reader came from, not back past the end.
    if (pastTheEnd) setPage(lastPage, pageSize, { replace: true });
  }, [pastTheEnd, lastPage, pageSize, setPage]);
}
