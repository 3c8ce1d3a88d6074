import { endpoint, staff } from '../endpoint';
import { paged } from '../fields';
import { createNoticeRequest, notice, noticeQuery } from '../messages';

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
    summary: 'Broadcast a notice to every investor (audited)',
    access: staff('notices.manage'),
    body: createNoticeRequest,
    response: notice,
  }),
} as const;
