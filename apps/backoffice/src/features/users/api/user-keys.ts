import type { api, QueryOf } from '@kabuto/contract';

export type UserListQuery = QueryOf<typeof api.staffUsers.list>;

export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery) => [...userKeys.all, 'list', query] as const,
  detail: (userId: string) => [...userKeys.all, 'detail', userId] as const,
};
