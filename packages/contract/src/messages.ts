import { z } from 'zod';
import { MESSAGE_KINDS, REVIEW_STATUSES, type MessageKind } from './enums';
import { code, pageQuery, requiredText, wholeNumberField } from './fields';

/**
 * The parameters each message kind is stored with. Amounts are wire decimals ("100000.00"), times ISO
 * instants; the server renders them for the reader (thousands separators, Japan time, a masked account).
 */
/** A stock's names, in Japanese (also shown to Chinese readers) and English. */
interface StockNames {
  nameJa?: string;
  nameEn?: string;
}

export interface MessageParams {
  deposit_credited: { amount: string };
  deposit_rejected: { amount: string; reason: string };
  withdrawal_requested: { amount: string };
  withdrawal_approved: { amount: string };
  withdrawal_rejected: { amount: string; reason: string };
  kyc_passed: Record<string, never>;
  kyc_rejected: { reason: string };
  bank_account_added: { bankName: string; accountNumber: string };
  bank_account_removed: { bankName: string; accountNumber: string };
  factor_added: { method: 'passkey' | 'totp' };
  factor_removed: { method: 'passkey' | 'totp' };
  /** device absent: no User-Agent the server could name (the message says 不明な端末). */
  new_device_login: { device?: string; at: string; ip: string };
  price_alert: {
    code: string;
    nameJa: string;
    nameEn: string;
    direction: 'above' | 'below';
    price: string;
    last: string;
  };
  /**
   * Prices as wire decimals; lots as digits (shown as shares). The stock's names are added as the message is
   * written (messages stored before them show the code alone). side and margin ('true' when margin trading:
   * 2x and above, or short) name the order as its screens do; fills stored before them show neither.
   */
  order_filled: {
    code: string;
    lots: string;
    price: string;
    side?: 'long' | 'short';
    margin?: 'true' | 'false';
  } & StockNames;
  /**
   * closedBy: what closed it (a close order, a take-profit or stop-loss reached, a forced close); older rows have none.
   * remainingLots: 一部返済, the lots the position still holds after `lots` of it closed.
   */
  position_closed: {
    code: string;
    lots: string;
    price: string;
    amount: string;
    closedBy?: 'user' | 'take_profit' | 'stop_loss' | 'forced';
    remainingLots?: string;
  } & StockNames;
  /**
   * ratio: percent with two decimals; deadline: a JST date as 2026/11/25; amount: the 追証金額, whole yen as a wire
   * decimal (calls stored before it have none, and their text states no amount).
   */
  margin_call: { ratio: string; deadline: string; amount?: string };
  forced_close: { code: string; lots: string } & StockNames;
  /** date: the order's last valid date, as 2026/11/25. */
  order_expired: { code: string; lots: string; date: string } & StockNames;
  /** A limit close (返済指値) withdrawn at its last date (as 2026/11/25); the position is held again. */
  close_expired: { code: string; lots: string; date: string } & StockNames;
}
// Every kind has its parameters, and no parameters lack a kind.
type _EveryKindHasParams = [MessageKind] extends [keyof MessageParams]
  ? [keyof MessageParams] extends [MessageKind]
    ? true
    : never
  : never;
const _everyKindHasParams: _EveryKindHasParams = true;
void _everyKindHasParams;

/** A message's public id: `m<id>` for a message to the user, `n<id>` for a staff notice. */
export const messageIdParams = z.object({
  id: z.string().regex(/^[mn][1-9]\d{0,17}$/, code('VALIDATION_FAILED')),
});

/** お知らせ's filters: 取引, 入出金 and その他 (the account's own events and the firm's notices). */
export const MESSAGE_CATEGORIES = ['trading', 'funding', 'other'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** Which filter lists each kind of message; a staff notice is その他. */
export const MESSAGE_CATEGORY: Readonly<Record<MessageKind, MessageCategory>> = {
  order_filled: 'trading',
  position_closed: 'trading',
  margin_call: 'trading',
  forced_close: 'trading',
  order_expired: 'trading',
  close_expired: 'trading',
  price_alert: 'trading',
  deposit_credited: 'funding',
  deposit_rejected: 'funding',
  withdrawal_requested: 'funding',
  withdrawal_approved: 'funding',
  withdrawal_rejected: 'funding',
  kyc_passed: 'other',
  kyc_rejected: 'other',
  bank_account_added: 'other',
  bank_account_removed: 'other',
  factor_added: 'other',
  factor_removed: 'other',
  new_device_login: 'other',
};

export const messageListQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, code('VALIDATION_FAILED'))
    .optional(),
  limit: wholeNumberField('VALIDATION_FAILED', 1, 50).default(20),
  /** Only the messages of one filter; every message and notice when absent. */
  category: z.enum(MESSAGE_CATEGORIES, code('VALIDATION_FAILED')).optional(),
});

export const messageItem = z.object({
  id: z.string(),
  source: z.enum(['message', 'notice']),
  /** The kind of a message to the user; null for a notice. */
  kind: z.enum(MESSAGE_KINDS).nullable(),
  /** In the request's language for a message; as staff wrote it for a notice. */
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messagePage = z.object({
  items: z.array(messageItem),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const unreadCount = z.object({ count: z.number().int() });

export const NOTICE_TITLE_MAX = 60;
export const NOTICE_BODY_MAX = 2000;

export const createNoticeRequest = z.strictObject({
  title: requiredText('NOTICE_TITLE_REQUIRED', NOTICE_TITLE_MAX),
  body: requiredText('NOTICE_BODY_REQUIRED', NOTICE_BODY_MAX),
});

export const noticeQuery = pageQuery.extend({
  status: z.enum(REVIEW_STATUSES, code('VALIDATION_FAILED')).optional(),
});

/** A notice as staff see it: written by one member, approved (published) or rejected by a different one. */
export const notice = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  reviewedBy: z.string().nullable(),
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** When investors started to see it; null until approved. */
  publishedAt: z.string().nullable(),
});
export type Notice = z.infer<typeof notice>;
