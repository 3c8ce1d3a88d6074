import { senToDecimal } from '@kabuto/contract';
import { iso } from '../../platform/db';
import type { DepositRecordRow, NoticeWithMobile } from './funding.repository';
import type { DepositNoticeRow } from './funding.table';

export const noticeRecordView = (notice: DepositNoticeRow) => ({
  id: `notice-${notice.id}`,
  amount: senToDecimal(notice.amount),
  status: notice.status,
  transferDate: notice.transfer_date,
  senderName: notice.sender_name,
  reason: notice.reason,
  createdAt: iso(notice.created_at) ?? '',
  creditedAt: null,
});

export const depositRecordView = (row: DepositRecordRow) => ({
  id: row.id,
  amount: senToDecimal(BigInt(row.amount)),
  status: row.status,
  transferDate: row.transfer_date,
  senderName: row.sender_name,
  reason: row.reason,
  createdAt: iso(row.created_at) ?? '',
  creditedAt: iso(row.credited_at),
});

export const staffNoticeView = (notice: NoticeWithMobile) => ({
  id: notice.id.toString(),
  userId: notice.user_id.toString(),
  mobile: notice.mobile,
  amount: senToDecimal(notice.amount),
  transferDate: notice.transfer_date,
  senderName: notice.sender_name,
  status: notice.status,
  reason: notice.reason,
  createdAt: iso(notice.created_at) ?? '',
  reviewedAt: iso(notice.reviewed_at),
});
