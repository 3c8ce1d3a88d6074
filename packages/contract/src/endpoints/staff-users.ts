import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { reasonRequest, staffUserDetail, staffUserQuery, staffUserSummary, userIdParams } from '../staff';

export const staffUsersEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/staff/users',
    tag: 'staff: users',
    summary: 'Search users (audited; phone numbers masked without users.read_mobile)',
    access: staff('users.read'),
    query: staffUserQuery,
    response: paged(staffUserSummary),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/staff/users/:userId',
    tag: 'staff: users',
    summary: 'User detail with sessions (audited; phone number masked without users.read_mobile)',
    access: staff('users.read'),
    params: userIdParams,
    response: staffUserDetail,
  }),
  freeze: endpoint({
    method: 'POST',
    path: '/api/staff/users/:userId/freeze',
    tag: 'staff: users',
    summary: 'Freeze a user (ends their sessions; their referral code stops admitting registrations)',
    access: staff('users.freeze'),
    params: userIdParams,
    body: reasonRequest,
    response: staffUserDetail.shape.user,
  }),
  unfreeze: endpoint({
    method: 'POST',
    path: '/api/staff/users/:userId/unfreeze',
    tag: 'staff: users',
    summary: 'Unfreeze a user',
    access: staff('users.freeze'),
    params: userIdParams,
    body: reasonRequest,
    response: staffUserDetail.shape.user,
  }),
} as const;
