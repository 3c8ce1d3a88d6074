import {
  WS_CONTROL_CHANNELS,
  WS_MAX_CHANNELS,
  type ErrorCode,
  type PrivateChannel,
  type WsAuthData,
  type WsErrorData,
} from '@kabuto/contract';
import { translate, type Lang } from '@kabuto/i18n';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { Allowance } from './allowance';
import { encodeTextFrames, type TickFrame } from './tick-frames';

/** A client whose unsent frames pass this many bytes is too slow to follow: it is dropped, not waited for. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Operations of one connection waiting their turn; a client sending faster than they are answered is refused. */
export const MAX_QUEUED_OPS = 32;
/**
 * Channels one connection may subscribe to in a burst, and how many more it may each second after: every new
 * subscription is sent its snapshot, so a client subscribing and unsubscribing in a loop would have the server
 * build and send snapshots without end. A market list scrolled fast subscribes a few hundred rows a minute.
 * The connections of one address share an allowance as large as all of them together (see the hub), so a
 * client that reconnects does not start afresh.
 */
export const SUBSCRIPTION_BURST = 5 * WS_MAX_CHANNELS;
export const SUBSCRIPTIONS_PER_SECOND = WS_MAX_CHANNELS / 2;
/**
 * How long a new connection's subscriptions also draw on its address's allowance: the time its own burst takes to
 * come back. A client that reconnects to start afresh draws on its address; a connection open longer than this
 * cannot take more than its own rate anyway, so it no longer draws on it, and a neighbour emptying the address's
 * allowance cannot stop a screen already open from following what it shows.
 */
export const ADDRESS_SHARED_MS = (SUBSCRIPTION_BURST / SUBSCRIPTIONS_PER_SECOND) * 1000;

export interface ConnectionUser {
  userId: bigint;
  token: string;
  /** The session cache key of the token, matched against revocation announcements. */
  sessionKey: string;
}

/** One open WebSocket: what it follows, who it is signed in as, and the frames it is sent. */
export class Connection {
  user: ConnectionUser | null = null;
  /** Subscribed channels and the seq of the last frame sent on each (0: its snapshot is still to come). */
  readonly seqs = new Map<string, number>();
  /** Answered a ping or sent something since the last heartbeat. */
  alive = true;
  failedAuths = 0;
  /** The seq of the last frame of each control channel (auth, error, pong). */
  private readonly controlSeqs = new Map<string, number>();
  /** New subscriptions this connection may still make. */
  readonly subscriptions = new Allowance(SUBSCRIPTION_BURST, SUBSCRIPTIONS_PER_SECOND);
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;

  constructor(
    readonly socket: WebSocket,
    readonly lang: Lang,
    /** The client's address (behind a trusted proxy, the one it forwarded). */
    readonly address: string,
    private readonly onDropped: (connection: Connection) => void,
    private readonly openedAt = Date.now(),
  ) {}

  get open() {
    return !this.closed;
  }

  /** Runs the connection's operations one at a time, in the order they came (auth before subscribe). */
  enqueue(op: () => Promise<void>): boolean {
    if (this.queued >= MAX_QUEUED_OPS) return false;
    this.queued += 1;
    this.queue = this.queue.then(op).finally(() => (this.queued -= 1));
    return true;
  }

  /**
   * Takes `count` new subscriptions from this connection's allowance and, in its first ADDRESS_SHARED_MS, from its
   * address's (`address()`, asked for only then) too; false, and nothing taken, when one of them is short.
   */
  takeSubscriptions(count: number, address: () => Allowance, now = Date.now()): boolean {
    const shared = now - this.openedAt < ADDRESS_SHARED_MS;
    return Allowance.takeFromAll(shared ? [this.subscriptions, address()] : [this.subscriptions], count, now);
  }

  /** Sends the next frame of a subscribed channel; `data` is already JSON. */
  push(channel: string, data: string): void {
    const seq = this.seqs.get(channel);
    if (seq === undefined) return;
    this.seqs.set(channel, seq + 1);
    this.write(`{"channel":"${channel}","seq":${seq + 1},"data":${data}}`);
  }

  /**
   * Sends a market tick's frames of the channels this connection follows, in their order, in one write to
   * the network: a tick that changes ten of its quotes costs one write instead of ten, and no per-frame work
   * in `ws` or the stream, which at thousands of clients is most of the cost of a fan-out. Without a
   * WebSocket extension (the server negotiates none) a frame is plain bytes, so the frames are assembled
   * here and written behind whatever `ws` wrote before; with one, `ws` frames each of them.
   */
  pushTick(frames: readonly TickFrame[]): void {
    const raw = this.rawSocket();
    if (!raw || this.socket.extensions !== '') {
      raw?.cork();
      try {
        for (const frame of frames) this.push(frame.channel, frame.data);
      } finally {
        raw?.uncork();
      }
      return;
    }
    const followed: TickFrame[] = [];
    const seqs: number[] = [];
    for (const frame of frames) {
      const seq = this.seqs.get(frame.channel);
      if (seq === undefined) continue;
      this.seqs.set(frame.channel, seq + 1);
      followed.push(frame);
      seqs.push(seq + 1);
    }
    if (followed.length && this.writable()) raw.write(encodeTextFrames(followed, seqs));
  }

  authAnswer(data: WsAuthData): void {
    this.control(WS_CONTROL_CHANNELS.auth, data);
  }

  pong(): void {
    this.control(WS_CONTROL_CHANNELS.pong, {});
  }

  error(
    errorCode: ErrorCode,
    params: Record<string, string | number> = {},
    extra: Pick<WsErrorData, 'op' | 'channels'> = {},
  ): void {
    const data: WsErrorData = {
      errorCode,
      msg: translate(this.lang, 'errors', errorCode, params),
      params,
      ...extra,
    };
    this.control(WS_CONTROL_CHANNELS.error, data);
  }

  /** Drops the private subscriptions (the session ended, or another user signed in on this connection). */
  dropPrivate(channels: readonly PrivateChannel[]): PrivateChannel[] {
    const dropped = channels.filter((channel) => this.seqs.delete(channel));
    return dropped;
  }

  /** ws keeps the TCP socket in a field its types do not declare. */
  private rawSocket(): Socket | undefined {
    return (this.socket as unknown as { _socket?: Socket })._socket;
  }

  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.terminate();
    this.onDropped(this);
  }

  markClosed(): void {
    this.closed = true;
  }

  private control(channel: string, data: unknown) {
    const seq = (this.controlSeqs.get(channel) ?? 0) + 1;
    this.controlSeqs.set(channel, seq);
    this.write(JSON.stringify({ channel, seq, data }));
  }

  private write(frame: string) {
    if (this.writable()) this.socket.send(frame);
  }

  /** Open, and not too slow to follow (dropped here otherwise). */
  private writable(): boolean {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount <= MAX_BUFFERED_BYTES) return true;
    this.terminate();
    return false;
  }
}
