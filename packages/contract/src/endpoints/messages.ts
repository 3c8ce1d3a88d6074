import { INVESTOR, endpoint } from '../endpoint';
import { messageIdParams, messageListQuery, messagePage, unreadCount } from '../messages';

export const messagesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/messages',
    tag: 'messages',
    summary: 'Messages and staff notices, newest first, in the request language',
    description:
      "One page at a time: pass nextCursor as cursor for older items. Messages to the caller and notices published since the account was opened are merged, each with its read state. category lists one filter: trading (fills, closes, margin calls, expiries, price alerts), funding (deposits and withdrawals) or other (identity, bank accounts, sign-in factors, logins, and the firm's notices).",
    access: INVESTOR,
    query: messageListQuery,
    response: messagePage,
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/api/messages/unread-count',
    tag: 'messages',
    summary: 'How many messages and notices are unread',
    access: INVESTOR,
    response: unreadCount,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/messages/:id/read',
    tag: 'messages',
    summary: 'Mark one message or notice read; returns the unread count',
    description: "Another user's message answers 404, as one that does not exist.",
    access: INVESTOR,
    params: messageIdParams,
    response: unreadCount,
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/messages/read-all',
    tag: 'messages',
    summary: 'Mark every message and notice read; returns the unread count (0)',
    access: INVESTOR,
    response: unreadCount,
  }),
} as const;
