import {
  isPrivateChannel,
  parseChannel,
  parseClientMessage,
  PRIVATE_CHANNELS,
  STATUS_CHANNEL,
  WS_MAX_CHANNELS,
  WS_MAX_MESSAGE_BYTES,
  type ClientMessage,
  type ErrorCode,
  type PrivateChannel,
} from '@kabuto/contract';
import type { Lang } from '@kabuto/i18n';
import type { RawData, WebSocket } from 'ws';
import type { AppContext } from '../../platform/context';
import { sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { authenticateInvestor, investorSessionEndReason, investorSessionLive } from '../auth';
import { BALANCE_CHANGES } from '../ledger';
import { MARKET_TICKS, marketOf, type MarketTick } from '../market';
import { EVERY_USER, MESSAGE_CHANGES } from '../messaging';
import { SESSION_CHANGES, sessionCacheKey } from '../sessions';
import { Allowance } from './allowance';
import { Connection, SUBSCRIPTION_BURST, SUBSCRIPTIONS_PER_SECOND } from './connection';
import { snapshotOf, USER_CHANNEL_CHANGES } from './private-channels';
import { TickFrame } from './tick-frames';

export interface HubTiming {
  /** Each connection is pinged this often; one that has not answered the previous ping is closed. */
  heartbeatMs: number;
  /** Every signed-in connection's session is checked this often (idle and absolute expiry). */
  sessionCheckMs: number;
  /** How often the session state is compared with the last one sent on `status`. */
  statusCheckMs: number;
}

export const DEFAULT_HUB_TIMING: HubTiming = {
  heartbeatMs: 30_000,
  sessionCheckMs: 60_000,
  statusCheckMs: 1000,
};

/** Failed `auth` operations one connection may send before it is closed. */
const MAX_FAILED_AUTHS = 5;
/** Close code for a policy violation (RFC 6455). */
const POLICY_VIOLATION = 1008;

type Scope = 'all' | 'new';

/**
 * The WebSocket side of one node: its connections, who follows which channel, and the bus topics that
 * feed them. Public frames are serialised once per change and written to every follower; private
 * channels are re-read per user on each change notice and sent only to that user's connections, after
 * checking that the connection's session is still live.
 */
export class Hub {
  private readonly connections = new Set<Connection>();
  private readonly followers = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  /** The last frame data of each public market channel heard on the bus: the snapshot every node serves. */
  private readonly latest = new Map<string, string>();
  /** Private refreshes under way per `<userId>:<channel>`, and the scope of one more to run after. */
  private readonly refreshing = new Map<string, { next: Scope | null }>();
  /**
   * New subscriptions each client address may still make, drawn on by its connections in their first moments
   * (Connection.takeSubscriptions): as many as all the connections it may hold (`wsMaxPerAddress`) could make if
   * they stayed open, so that many people behind one carrier's address are not held back, while one client
   * closing and reopening its socket gains nothing. Full ones are forgotten at each heartbeat.
   */
  private readonly subscriptionsByAddress = new Map<string, Allowance>();
  private lastStatus = '';
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ctx: AppContext,
    timing: HubTiming = DEFAULT_HUB_TIMING,
  ) {
    const on = (topic: string, handler: (message: string) => void) =>
      ctx.bus.subscribe(topic, (message) => {
        try {
          handler(message);
        } catch (error) {
          ctx.log.error({ err: error, topic }, 'realtime: bus message not handled');
        }
      });
    on(MARKET_TICKS, (message) => this.onTick(JSON.parse(message) as MarketTick));
    on(BALANCE_CHANGES, (userId) => this.refresh(userId, 'balances', 'all'));
    on(MESSAGE_CHANGES, (userId) =>
      userId === EVERY_USER
        ? [...this.byUser.keys()].forEach((user) => this.refresh(user, 'messages', 'all'))
        : this.refresh(userId, 'messages', 'all'),
    );
    on(USER_CHANNEL_CHANGES, (key) => {
      const [userId, channel] = key.split(':');
      if (userId && channel && isPrivateChannel(channel)) this.refresh(userId, channel, 'all');
    });
    // After every handler of the announcement has run, so the session cache has dropped the session.
    on(SESSION_CHANGES, (key) => setImmediate(() => this.recheckSessionKey(key)));
    ctx.bus.onGap(() => this.onGap());
    const every = (ms: number, task: () => unknown) => {
      const timer = setInterval(task, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(timing.heartbeatMs, () => this.heartbeat());
    every(timing.sessionCheckMs, () => this.recheckSessions());
    every(timing.statusCheckMs, () => void this.checkStatus().catch(() => {}));
  }

  accept(socket: WebSocket, lang: Lang, address: string): void {
    const connection = new Connection(socket, lang, address, (dropped) => this.remove(dropped));
    this.connections.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (raw, isBinary) => this.onFrame(connection, raw, isBinary));
    socket.on('close', () => {
      connection.markClosed();
      this.remove(connection);
    });
    socket.on('error', () => connection.terminate());
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  /** Open connections on this node (health and tests). */
  get size() {
    return this.connections.size;
  }

  private onFrame(connection: Connection, raw: RawData, isBinary: boolean) {
    connection.alive = true;
    const size = Array.isArray(raw) ? raw.reduce((n, part) => n + part.length, 0) : raw.byteLength;
    if (size > WS_MAX_MESSAGE_BYTES) return connection.error('BODY_TOO_LARGE');
    if (isBinary) return connection.error('BAD_JSON');
    const text = Array.isArray(raw)
      ? Buffer.concat(raw).toString('utf8')
      : Buffer.from(raw as Buffer).toString('utf8');
    const parsed = parseClientMessage(text);
    if (!parsed.ok) return connection.error(parsed.errorCode, {}, parsed.op ? { op: parsed.op } : {});
    const accepted = connection.enqueue(() =>
      this.handle(connection, parsed.message).catch((error: unknown) => {
        // Said with the operation it refused, so that a client waiting on a subscribe knows to ask again.
        if (error instanceof AppError)
          return connection.error(error.errorCode, error.params, { op: parsed.message.op });
        this.ctx.log.error({ err: error }, 'realtime: operation failed');
        connection.error('INTERNAL', {}, { op: parsed.message.op });
      }),
    );
    if (!accepted) connection.error('RATE_LIMITED', {}, { op: parsed.message.op });
  }

  private async handle(connection: Connection, message: ClientMessage): Promise<void> {
    if (!connection.open) return;
    switch (message.op) {
      case 'auth':
        return this.authenticate(connection, message.token);
      case 'subscribe':
        return this.subscribe(connection, message.channels);
      case 'unsubscribe':
        for (const channel of message.channels) this.unfollow(connection, channel);
        return;
      case 'ping':
        return connection.pong();
    }
  }

  private async authenticate(connection: Connection, token: string) {
    const actor = await authenticateInvestor(this.ctx, token);
    if (!actor) {
      connection.failedAuths += 1;
      if (connection.user) this.endSession(connection);
      const reason = await investorSessionEndReason(this.ctx, token);
      connection.error('SESSION_EXPIRED', reason ? { reason } : {}, { op: 'auth' });
      if (connection.failedAuths >= MAX_FAILED_AUTHS) connection.socket.close(POLICY_VIOLATION);
      return;
    }
    if (connection.user && connection.user.userId !== actor.userId) this.endSession(connection, false);
    this.unindexUser(connection);
    connection.user = { userId: actor.userId, token, sessionKey: sessionCacheKey('user', sha256(token)) };
    const key = actor.userId.toString();
    this.byUser.set(key, (this.byUser.get(key) ?? new Set()).add(connection));
    connection.authAnswer({ authenticated: true });
  }

  private async subscribe(connection: Connection, channels: string[]) {
    const refused = new Map<ErrorCode, string[]>();
    const refuse = (code: ErrorCode, channel: string) =>
      refused.set(code, [...(refused.get(code) ?? []), channel.slice(0, 40)]);
    const wanted = [...new Set(channels)];
    if (wanted.length > WS_MAX_CHANNELS) {
      connection.error('WS_TOO_MANY_CHANNELS', { max: WS_MAX_CHANNELS }, { op: 'subscribe' });
      return;
    }
    const fresh = wanted
      .filter((channel) => !connection.seqs.has(channel))
      .map((channel) => ({ channel, parsed: parseChannel(channel) }));
    // What could cost a snapshot: a fresh channel that reads as one (the rest is refused at no cost).
    const costly = fresh.filter(({ parsed }) => parsed).length;
    if (!connection.takeSubscriptions(costly, () => this.addressSubscriptions(connection.address))) {
      connection.error('RATE_LIMITED', {}, { op: 'subscribe' });
      return;
    }
    const market = marketOf(this.ctx);
    // Held for this subscribe and not yet served. Should it fail part way (a snapshot that could not be read), these
    // are let go, so that the client's next subscribe asks for them afresh instead of finding them already held.
    const unserved = new Set<string>();
    try {
      for (const { channel, parsed } of fresh) {
        if (!parsed) refuse('WS_CHANNEL_UNKNOWN', channel);
        else if (isPrivateChannel(parsed.kind) && !connection.user) refuse('WS_AUTH_REQUIRED', channel);
        else if (connection.seqs.size >= WS_MAX_CHANNELS) refuse('WS_TOO_MANY_CHANNELS', channel);
        else if ('code' in parsed && !(await market.instrument(parsed.code)))
          refuse('INSTRUMENT_NOT_FOUND', channel);
        else {
          connection.seqs.set(channel, 0);
          unserved.add(channel);
        }
      }
      for (const [code, list] of refused) {
        const params: Record<string, string | number> =
          code === 'WS_TOO_MANY_CHANNELS' ? { max: WS_MAX_CHANNELS } : { channel: list[0]! };
        connection.error(code, params, { op: 'subscribe', channels: list });
      }
      for (const channel of [...unserved]) {
        // Unsubscribed, closed or signed out during an earlier snapshot: not served, and let go below.
        if (isPrivateChannel(channel)) {
          if (!connection.user || !connection.seqs.has(channel)) continue;
          this.follow(connection, channel);
          this.refresh(connection.user.userId.toString(), channel, 'new');
        } else {
          const data = this.latest.get(channel) ?? JSON.stringify(await this.publicSnapshot(channel));
          if (!connection.seqs.has(channel)) continue;
          connection.push(channel, data);
          this.follow(connection, channel);
        }
        unserved.delete(channel);
      }
    } finally {
      for (const channel of unserved) this.unfollow(connection, channel);
    }
  }

  private publicSnapshot(channel: string): Promise<unknown> {
    const market = marketOf(this.ctx);
    if (channel === STATUS_CHANNEL) return market.status();
    const [kind, code] = channel.split(':') as [string, string];
    return kind === 'quote' ? market.quote(code) : market.board(code);
  }

  private follow(connection: Connection, channel: string) {
    let set = this.followers.get(channel);
    if (!set) this.followers.set(channel, (set = new Set()));
    set.add(connection);
  }

  private unfollow(connection: Connection, channel: string) {
    connection.seqs.delete(channel);
    const set = this.followers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (!set.size) this.followers.delete(channel);
  }

  private remove(connection: Connection) {
    if (!this.connections.delete(connection)) return;
    for (const channel of [...connection.seqs.keys()]) this.unfollow(connection, channel);
    this.unindexUser(connection);
  }

  private unindexUser(connection: Connection) {
    if (!connection.user) return;
    const key = connection.user.userId.toString();
    const set = this.byUser.get(key);
    set?.delete(connection);
    if (set && !set.size) this.byUser.delete(key);
  }

  /** The session behind the connection ended (or another user signed in on it): no more private frames. */
  private endSession(connection: Connection, announce = true) {
    const dropped = connection.dropPrivate(PRIVATE_CHANNELS);
    for (const channel of dropped) this.followers.get(channel)?.delete(connection);
    this.unindexUser(connection);
    const token = connection.user?.token;
    connection.user = null;
    if (!announce || !token) return;
    void investorSessionEndReason(this.ctx, token)
      .catch(() => null)
      // Unless the connection signed in again meanwhile, which its client knows about already.
      .then((reason) => {
        if (!connection.user)
          connection.authAnswer({ authenticated: false, dropped, ...(reason ? { reason } : {}) });
      });
  }

  /** Whether the connection's session is still live; ends it on the connection when not. */
  private async stillSignedIn(connection: Connection): Promise<boolean> {
    const user = connection.user;
    if (!user) return false;
    const actor = await investorSessionLive(this.ctx, user.token);
    if (connection.user !== user) return false;
    if (actor && actor.userId === user.userId) return true;
    this.endSession(connection);
    return false;
  }

  /**
   * A tick's fan-out (docs/realtime.md): each changed channel's frame is encoded once for all its followers,
   * then each connection is sent its frames of the tick, in the tick's order, in one write as soon as they
   * are assembled, so the first clients are served while the last ones' frames are still being put together.
   */
  private onTick(tick: MarketTick) {
    const framesOf = new Map<Connection, TickFrame[]>();
    const encode = (channel: string, value: unknown) => {
      const data = JSON.stringify(value);
      this.latest.set(channel, data);
      const followers = this.followers.get(channel);
      if (!followers) return;
      const frame = new TickFrame(channel, data);
      for (const connection of followers) {
        const frames = framesOf.get(connection);
        if (frames) frames.push(frame);
        else framesOf.set(connection, [frame]);
      }
    };
    for (const quote of tick.quotes) encode(`quote:${quote.code}`, quote);
    for (const board of tick.boards) encode(`board:${board.code}`, board);
    for (const [connection, frames] of framesOf) connection.pushTick(frames);
  }

  /**
   * Re-reads `channel` of a user and sends it to the user's connections that follow it (`new`: only those
   * still waiting for their snapshot). One read per user and channel at a time; notices arriving meanwhile
   * cause one more read once it ends, so the last frame sent is never older than the last notice.
   */
  private refresh(userId: string, channel: PrivateChannel, scope: Scope) {
    const key = `${userId}:${channel}`;
    const running = this.refreshing.get(key);
    if (running) {
      running.next = running.next === 'all' || scope === 'all' ? 'all' : 'new';
      return;
    }
    if (!this.byUser.has(userId)) return;
    const state: { next: Scope | null } = { next: null };
    this.refreshing.set(key, state);
    void (async () => {
      let current: Scope | null = scope;
      while (current) {
        await this.sendPrivate(userId, channel, current).catch((error: unknown) =>
          this.ctx.log.error({ err: error, channel }, 'realtime: private snapshot failed'),
        );
        current = state.next;
        state.next = null;
      }
      this.refreshing.delete(key);
    })();
  }

  private async sendPrivate(userId: string, channel: PrivateChannel, scope: Scope) {
    const targets = [...(this.byUser.get(userId) ?? [])].filter(
      (connection) => connection.seqs.has(channel) && (scope === 'all' || connection.seqs.get(channel) === 0),
    );
    const live = (
      await Promise.all(targets.map(async (c) => ((await this.stillSignedIn(c)) ? c : null)))
    ).filter((c): c is Connection => c !== null);
    const byLang = new Map<Lang, Connection[]>();
    for (const connection of live)
      byLang.set(connection.lang, [...(byLang.get(connection.lang) ?? []), connection]);
    for (const [lang, connections] of byLang) {
      const data = JSON.stringify(await snapshotOf(channel)(this.ctx, BigInt(userId), lang));
      for (const connection of connections)
        if (connection.user?.userId.toString() === userId) connection.push(channel, data);
    }
  }

  private recheckSessionKey(key: string) {
    for (const connection of this.connections)
      if (connection.user?.sessionKey === key) void this.stillSignedIn(connection).catch(() => {});
  }

  private recheckSessions() {
    for (const connection of this.connections)
      if (connection.user) void this.stillSignedIn(connection).catch(() => {});
  }

  /** Bus messages may have been lost: forget what was heard and send every private channel afresh. */
  private onGap() {
    this.latest.clear();
    for (const [userId, connections] of this.byUser) {
      const channels = new Set([...connections].flatMap((c) => [...c.seqs.keys()].filter(isPrivateChannel)));
      for (const channel of channels) this.refresh(userId, channel, 'all');
    }
  }

  private heartbeat() {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
    const now = Date.now();
    for (const [address, allowance] of this.subscriptionsByAddress)
      if (allowance.full(now)) this.subscriptionsByAddress.delete(address);
  }

  private addressSubscriptions(address: string): Allowance {
    let allowance = this.subscriptionsByAddress.get(address);
    if (!allowance) {
      const connections = this.ctx.config.wsMaxPerAddress;
      allowance = new Allowance(SUBSCRIPTION_BURST * connections, SUBSCRIPTIONS_PER_SECOND * connections);
      this.subscriptionsByAddress.set(address, allowance);
    }
    return allowance;
  }

  private async checkStatus() {
    const followers = this.followers.get(STATUS_CHANNEL);
    if (!followers?.size) return;
    const status = await marketOf(this.ctx).status();
    const { now: _now, ...state } = status;
    const key = JSON.stringify(state);
    if (key === this.lastStatus) return;
    const changed = this.lastStatus !== '';
    this.lastStatus = key;
    if (changed) {
      const data = JSON.stringify(status);
      for (const connection of followers) connection.push(STATUS_CHANNEL, data);
    }
  }
}
