import type { api, QueryOf } from '@kabuto/contract';

export type InvitationListQuery = QueryOf<typeof api.staffInvitations.list>;

export const invitationKeys = {
  all: ['invitation-codes'] as const,
  list: (query: InvitationListQuery) => [...invitationKeys.all, 'list', query] as const,
};
