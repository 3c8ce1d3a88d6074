import type { ReactNode } from 'react';
import { Button, InfiniteScroll } from 'antd-mobile';
import { useTradeTranslation } from '../lib/texts';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { EmptyState } from '../../../components/ui/EmptyState';

interface PagedList {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/** Loading, failure (with a retry) and empty states of a trading list; the items otherwise, loading more as it scrolls. */
export function ListStates({
  list,
  count,
  empty,
  testId,
  children,
}: {
  list: PagedList;
  count: number;
  empty: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTradeTranslation();
  if (list.isPending) return <DelayedLoading />;
  if (list.isError && count === 0)
    return (
      <div className="kb-centered" data-testid={`${testId}-error`}>
        <p className="kb-muted">{t('trade:loadFailed')}</p>
        <Button fill="outline" color="primary" onClick={() => void list.refetch()}>
          {t('form.retry')}
        </Button>
      </div>
    );
  if (count === 0) return <EmptyState description={empty} />;
  return (
    <>
      <ul className="kb-trade-list" data-testid={testId}>
        {children}
      </ul>
      <InfiniteScroll
        hasMore={list.hasNextPage}
        loadMore={async () => {
          await list.fetchNextPage();
        }}
      >
        <span className="kb-muted">{list.hasNextPage ? t('trade:loadingMore') : t('trade:end')}</span>
      </InfiniteScroll>
    </>
  );
}
