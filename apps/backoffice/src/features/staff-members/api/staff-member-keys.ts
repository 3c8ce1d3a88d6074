import type { api, QueryOf } from '@kabuto/contract';

export type StaffMemberListQuery = QueryOf<typeof api.staffMembers.list>;

export const staffMemberKeys = {
  all: ['staff-members'] as const,
  list: (query: StaffMemberListQuery) => [...staffMemberKeys.all, 'list', query] as const,
};
