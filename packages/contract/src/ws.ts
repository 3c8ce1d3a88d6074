import type { z } from 'zod';
import type { ErrorCode, SessionEndReason } from './errors';
import type { balances } from './funding';
import type { board, marketStatus, quote } from './market';
import type { MessageItem } from './messages';

/**
 * The realtime protocol of `/api/ws` (docs/realtime.md). One WebSocket per client. The client sends JSON
 * operations; the server sends only `{channel, seq, data}` frames. On each subscription the first frame
 * (seq 1) is a snapshot of the channel, and every later one (seq 2, 3, ...) replaces it whole, so a client
 * that reconnects needs nothing but to subscribe again. This module holds no zod at run time: the
 * investor app loads it with its first screen.
 */
export const WS_PATH = '/api/ws';

/** Channels one connection may hold at once (a market list of 50 codes with boards, and the private ones). */
export const WS_MAX_CHANNELS = 120;
/** Largest client frame accepted, in bytes; a larger one is answered with an error frame and ignored. */
export const WS_MAX_MESSAGE_BYTES = 8192;

/** Channels that carry only the authenticated user's own data. */
export const PRIVATE_CHANNELS = ['balances', 'messages', 'orders', 'positions'] as const;
export type PrivateChannel = (typeof PRIVATE_CHANNELS)[number];

/** Public channels: `quote:<code>`, `board:<code>` and `status`. */
export const PUBLIC_CHANNEL_KINDS = ['quote', 'board'] as const;
export type PublicChannelKind = (typeof PUBLIC_CHANNEL_KINDS)[number];
export const STATUS_CHANNEL = 'status';

/** Control channels the server answers on; a client cannot subscribe to them. */
export const WS_CONTROL_CHANNELS = { auth: 'auth', error: 'error', pong: 'pong' } as const;

export type ClientMessage =
  | { op: 'auth'; token: string }
  | { op: 'subscribe'; channels: string[] }
  | { op: 'unsubscribe'; channels: string[] }
  | { op: 'ping' };

/** Every frame the server sends. */
export interface ServerMessage<T = unknown> {
  channel: string;
  /** 1 for the snapshot of a subscription, then one more per frame of that subscription. */
  seq: number;
  data: T;
}

/** `data` of a frame on the `error` channel: the catalogue code, its text in the connection's language. */
export interface WsErrorData {
  errorCode: ErrorCode;
  msg: string;
  params: Record<string, unknown>;
  /** The operation that was refused, when it could be read. */
  op?: string;
  /** The channels that were refused, for subscribe. */
  channels?: string[];
}

/** `data` of a frame on the `auth` channel: the answer to `auth`, and the end of a session meanwhile. */
export interface WsAuthData {
  authenticated: boolean;
  /** The private channels dropped because the session ended (authenticated false). */
  dropped?: PrivateChannel[];
  /** Why the session ended, when it was ended on purpose (as `params.reason` of an HTTP 401). */
  reason?: SessionEndReason;
}

export type Quote = z.infer<typeof quote>;
export type Board = z.infer<typeof board>;
export type MarketStatus = z.infer<typeof marketStatus>;
export type Balances = z.infer<typeof balances>;

/** The messages channel: the unread count and the newest item (in the connection's language). */
export interface MessagesChannelData {
  unread: number;
  newest: MessageItem | null;
}

/** `data` of each channel; orders and positions are lists whose items the trading endpoints define. */
export interface ChannelData {
  quote: Quote;
  board: Board;
  status: MarketStatus;
  balances: Balances;
  messages: MessagesChannelData;
  orders: { items: unknown[] };
  positions: { items: unknown[] };
}

export type ChannelKind = keyof ChannelData;

const CODE = /^\d{3}[0-9A-Z]$/;

/** What a channel name is, or null when it names no channel. */
export function parseChannel(
  name: string,
): { kind: PublicChannelKind; code: string } | { kind: 'status' } | { kind: PrivateChannel } | null {
  if (name === STATUS_CHANNEL) return { kind: 'status' };
  if ((PRIVATE_CHANNELS as readonly string[]).includes(name)) return { kind: name as PrivateChannel };
  const [kind, code, ...rest] = name.split(':');
  if (rest.length || code === undefined || !CODE.test(code)) return null;
  return kind === 'quote' || kind === 'board' ? { kind, code } : null;
}

export const isPrivateChannel = (name: string): name is PrivateChannel =>
  (PRIVATE_CHANNELS as readonly string[]).includes(name);

/** The kind of data a channel carries (`quote:7203` carries a Quote). */
export type ChannelKindOf<C extends string> = C extends `quote:${string}`
  ? 'quote'
  : C extends `board:${string}`
    ? 'board'
    : C extends ChannelKind
      ? C
      : never;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Reads one client frame. A failure names the catalogue code the error frame carries: BAD_JSON (not a JSON
 * object), WS_OP_UNKNOWN (no such operation), VALIDATION_FAILED (an operation without its fields).
 */
export function parseClientMessage(
  text: string,
): { ok: true; message: ClientMessage } | { ok: false; errorCode: ErrorCode; op?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errorCode: 'BAD_JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, errorCode: 'BAD_JSON' };
  const { op, token, channels } = value as Record<string, unknown>;
  switch (op) {
    case 'auth':
      return typeof token === 'string' && token.length > 0 && token.length <= 200
        ? { ok: true, message: { op, token } }
        : { ok: false, errorCode: 'VALIDATION_FAILED', op };
    case 'subscribe':
    case 'unsubscribe':
      return isStringArray(channels)
        ? { ok: true, message: { op, channels } }
        : { ok: false, errorCode: 'VALIDATION_FAILED', op };
    case 'ping':
      return { ok: true, message: { op } };
    default:
      return {
        ok: false,
        errorCode: 'WS_OP_UNKNOWN',
        ...(typeof op === 'string' ? { op: op.slice(0, 40) } : {}),
      };
  }
}
