import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { createNoticeRequest, notice, noticeQuery } from '../messages';
import { idParams, reasonRequest } from '../staff';

export const staffNoticesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/staff/notices',
    tag: 'staff: notices',
    summary: 'Notices broadcast to investors, newest first',
    access: staff('notices.manage'),
    query: noticeQuery,
    response: paged(notice),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/staff/notices',
    tag: 'staff: notices',
    summary:
      'Write a notice for every investor (audited); it waits for a different staff member to approve it',
    access: staff('notices.manage'),
    body: createNoticeRequest,
    response: notice,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/staff/notices/:id/approve',
    tag: 'staff: notices',
    summary: "Approve another staff member's pending notice: it reaches every investor at once (audited)",
    access: staff('notices.manage'),
    params: idParams,
    response: notice,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/staff/notices/:id/reject',
    tag: 'staff: notices',
    summary: "Reject another staff member's pending notice with a reason; no investor sees it (audited)",
    access: staff('notices.manage'),
    params: idParams,
    body: reasonRequest,
    response: notice,
  }),
} as const;
