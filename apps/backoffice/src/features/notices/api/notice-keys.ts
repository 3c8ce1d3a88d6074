import type { api, QueryOf } from '@kabuto/contract';

export type NoticeListQuery = QueryOf<typeof api.staffNotices.list>;

export const noticeKeys = {
  all: ['notices'] as const,
  list: (query: NoticeListQuery) => [...noticeKeys.all, 'list', query] as const,
};
