import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { createInvitationRequest, idParams, invitationCode, invitationQuery, reasonRequest } from '../staff';

export const staffInvitationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/staff/invitation-codes',
    tag: 'staff: invitation codes',
    summary: "Invitation codes: issued by staff, and users' referral codes",
    access: staff('invites.read'),
    query: invitationQuery,
    response: paged(invitationCode),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/staff/invitation-codes',
    tag: 'staff: invitation codes',
    summary: 'Create an invitation code',
    access: staff('invites.write'),
    body: createInvitationRequest,
    response: invitationCode,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/staff/invitation-codes/:id/disable',
    tag: 'staff: invitation codes',
    summary: "Disable an invitation code (staff-issued or a user's referral code)",
    access: staff('invites.write'),
    params: idParams,
    body: reasonRequest,
    response: invitationCode,
  }),
} as const;
