import {
  isPrivateChannel,
  WS_CONTROL_CHANNELS,
  WS_MAX_CHANNELS,
  type ClientMessage,
  type ErrorCode,
  type ServerMessage,
  type WsAuthData,
  type WsErrorData,
} from '@kabuto/contract';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface RealtimeOptions {
  url: () => string;
  /** The session token, or '' when signed out: private channels are asked for only with one. */
  token: () => string;
  createSocket: (url: string) => SocketLike;
  /** First reconnection delay; doubled after each failed attempt up to `maxDelayMs`, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A ping is sent this often; a connection that has sent nothing for two periods is replaced. */
  heartbeatMs?: number;
  /** A connection with no channel left is closed after this long (a screen change re-subscribes at once). */
  lingerMs?: number;
  /** A subscribe the server refused for now is asked again after this long, doubled each time up to maxDelayMs. */
  resubscribeMs?: number;
  random?: () => number;
}

const OPEN = 1;
/**
 * The refusals a channel never gets past on this connection; the server names their channels. A private channel
 * refused for want of a session is one of them only while signed out or once the session was refused; otherwise
 * the session could not be checked just then, and it is presented again.
 */
const REFUSED_FOR_GOOD: ReadonlySet<ErrorCode> = new Set(['WS_CHANNEL_UNKNOWN', 'INSTRUMENT_NOT_FOUND']);
type Listener = (data: unknown) => void;

/**
 * Where the connection stands: `idle` before anything is followed, `connecting` on the first try, `live` while
 * open, `down` after a connection was lost or could not be made (until one opens again). Screens poll slowly
 * and say their figures may be old only while `down`.
 */
export type ConnectionState = 'idle' | 'connecting' | 'live' | 'down';

/**
 * One shared WebSocket to /api/ws for the whole app. It connects when the first channel is followed,
 * sends `auth` (when signed in) and then `subscribe` for every followed channel on each connection, so
 * a reconnection restores everything: each subscription starts with a snapshot. Lost connections are
 * retried with exponential backoff; followers keep the last data meanwhile.
 *
 * Channels followed and dropped while a screen renders are sent once it has settled, as one subscribe and one
 * unsubscribe: a list that scrolls drops some rows and follows others, and a row in both stays subscribed,
 * with its data, instead of being dropped and asked for again (the server allows a connection only so many
 * new subscriptions a second). A subscribe it refuses for now (that rate, too many channels, a fault) is asked
 * again a little later; until what it asked for has come, the connection counts as `down`, so that screens poll
 * and say how old their figures are.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly latest = new Map<string, unknown>();
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private resubscribeTimer: ReturnType<typeof setTimeout> | null = null;
  private resubscribes = 0;
  /** This connection's session was refused (SESSION_EXPIRED): private channels are not asked for again on it. */
  private sessionRefused = false;
  /** Followed or dropped since the last flush, on the open connection. */
  private readonly toSubscribe = new Set<string>();
  private readonly toUnsubscribe = new Set<string>();
  private flushQueued = false;
  /** Asked for on this connection, their first frame not yet come. */
  private readonly awaiting = new Set<string>();
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private lastHeard = 0;
  private state: ConnectionState = 'idle';
  private readonly stateListeners = new Set<() => void>();
  private readonly options: Required<RealtimeOptions>;

  constructor(options: RealtimeOptions) {
    this.options = {
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      heartbeatMs: 25_000,
      lingerMs: 5_000,
      resubscribeMs: 2_000,
      random: Math.random,
      ...options,
    };
  }

  /** Follows `channel`; `listener` gets the last data at once when there is some. Returns the unfollow. */
  follow(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel);
    const added = !set;
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(listener);
    if (this.latest.has(channel)) listener(this.latest.get(channel));
    this.cancelLinger();
    if (!this.socket && !this.reconnectTimer) this.connect();
    // Dropped and followed again before the flush: still subscribed, nothing to send.
    else if (added && !this.toUnsubscribe.delete(channel) && this.isOpen()) {
      this.toSubscribe.add(channel);
      this.queueFlush();
    }
    return () => this.unfollow(channel, listener);
  }

  /** Where the connection stands (see ConnectionState). */
  connection(): ConnectionState {
    return this.state;
  }

  /** Calls `onChange` whenever the connection state changes; returns the unsubscribe. */
  onConnection(onChange: () => void): () => void {
    this.stateListeners.add(onChange);
    return () => this.stateListeners.delete(onChange);
  }

  /** The last data of a followed channel. */
  current(channel: string): unknown {
    return this.latest.get(channel);
  }

  /** The session changed (sign-in, sign-out): a fresh connection asks for what the new session may see. */
  sessionChanged(): void {
    for (const channel of [...this.latest.keys()]) if (isPrivateChannel(channel)) this.latest.delete(channel);
    this.restart();
  }

  /** Closes the connection and opens a new one at once, when something is followed (a new language). */
  restart(): void {
    if (!this.socket) return;
    this.drop();
    this.clearReconnect();
    if (this.listeners.size) this.connect();
  }

  /** The network came back: try now instead of waiting for the backoff. */
  reconnectNow(): void {
    if (this.socket || !this.listeners.size) return;
    this.clearReconnect();
    this.attempts = 0;
    this.connect();
  }

  close(): void {
    this.clearReconnect();
    this.cancelLinger();
    this.drop();
    this.setState('idle');
  }

  private setState(state: ConnectionState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener();
  }

  private unfollow(channel: string, listener: Listener) {
    const set = this.listeners.get(channel);
    if (!set?.delete(listener) || set.size) return;
    this.listeners.delete(channel);
    if (!this.toSubscribe.delete(channel)) this.toUnsubscribe.add(channel);
    this.queueFlush();
    if (!this.listeners.size) {
      this.lingerTimer = setTimeout(() => {
        this.lingerTimer = null;
        if (!this.listeners.size) this.close();
      }, this.options.lingerMs);
    }
  }

  private queueFlush() {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => this.flush());
  }

  private flush() {
    this.flushQueued = false;
    const dropped = [...this.toUnsubscribe];
    const added = [...this.toSubscribe].filter((channel) => this.listeners.has(channel));
    this.toUnsubscribe.clear();
    this.toSubscribe.clear();
    for (const channel of dropped) {
      this.latest.delete(channel);
      this.awaiting.delete(channel);
    }
    if (!this.isOpen()) return;
    if (dropped.length) this.send({ op: 'unsubscribe', channels: dropped });
    this.subscribe(added);
    this.liveIfServed();
  }

  /** Followed channels asked for on this connection that have not had their first frame. */
  private unserved() {
    return [...this.awaiting].filter((channel) => this.listeners.has(channel));
  }

  /** Live again once a refusal's channels have all come (or are no longer followed). */
  private liveIfServed() {
    if (this.state !== 'down' || !this.isOpen() || this.unserved().length) return;
    this.resubscribes = 0;
    this.setState('live');
  }

  /** In messages of at most the channels a connection may hold, which the server would refuse whole. */
  private subscribe(channels: readonly string[]) {
    const asked = channels.filter((channel) => this.mayAsk(channel));
    for (const channel of asked) this.awaiting.add(channel);
    for (let from = 0; from < asked.length; from += WS_MAX_CHANNELS)
      this.send({ op: 'subscribe', channels: asked.slice(from, from + WS_MAX_CHANNELS) });
  }

  /**
   * Asks again for what was asked and has not come (the server refuses a subscribe whole), after a delay that
   * doubles with each refusal in a row; meanwhile the connection counts as down.
   */
  private scheduleResubscribe() {
    if (!this.isOpen() || !this.unserved().length) return;
    this.setState('down');
    if (this.resubscribeTimer) return;
    const delay = this.backoff(this.options.resubscribeMs, this.resubscribes);
    this.resubscribes += 1;
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = null;
      if (!this.isOpen()) return;
      const unserved = this.unserved();
      // Private channels refused for want of a session: the session is presented again first.
      const token = this.options.token();
      if (token && unserved.some((channel) => isPrivateChannel(channel))) this.send({ op: 'auth', token });
      this.subscribe(unserved);
    }, delay);
  }

  private mayAsk(channel: string) {
    return !isPrivateChannel(channel) || this.options.token() !== '';
  }

  private connect() {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      // Refused before it began (a browser whose content policy does not cover this address): as a loss, so
      // the screens poll over HTTP and the connection is tried again later.
      this.setState('down');
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    if (this.state === 'idle') this.setState('connecting');
    socket.onopen = () => {
      this.lastHeard = Date.now();
      this.sessionRefused = false;
      this.setState('live');
      const token = this.options.token();
      if (token) this.send({ op: 'auth', token });
      this.subscribe([...this.listeners.keys()]);
      this.heartbeatTimer = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.drop();
      this.setState('down');
      if (this.listeners.size) this.scheduleReconnect();
    };
    socket.onerror = () => socket.close();
  }

  private receive(raw: unknown) {
    if (typeof raw !== 'string') return;
    let frame: ServerMessage;
    try {
      frame = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    this.lastHeard = Date.now();
    this.attempts = 0;
    if (frame.channel === WS_CONTROL_CHANNELS.auth) {
      // The session ended: private channels stop until the app signs in again (sessionChanged).
      for (const channel of (frame.data as WsAuthData).dropped ?? []) this.latest.delete(channel);
      return;
    }
    if (frame.channel === WS_CONTROL_CHANNELS.error) return this.refused(frame.data as WsErrorData);
    if (frame.channel === WS_CONTROL_CHANNELS.pong) return;
    if (this.awaiting.delete(frame.channel)) this.liveIfServed();
    const set = this.listeners.get(frame.channel);
    if (!set) return;
    this.latest.set(frame.channel, frame.data);
    for (const listener of [...set]) listener(frame.data);
  }

  private refused(error: WsErrorData) {
    // The session itself refused (ended, expired): its private channels cannot come on this connection.
    if (error.op === 'auth') this.sessionRefused = error.errorCode === 'SESSION_EXPIRED';
    if (error.op !== 'subscribe') return;
    // Refused for good (an unknown code, no session): not asked for again on this connection. Any other refusal
    // (its rate, too many channels, a fault on the server) may pass later: asked again, polling meanwhile.
    const forGood =
      REFUSED_FOR_GOOD.has(error.errorCode) ||
      (error.errorCode === 'WS_AUTH_REQUIRED' && (this.options.token() === '' || this.sessionRefused));
    if (!error.channels || !forGood) return this.scheduleResubscribe();
    for (const channel of error.channels) this.awaiting.delete(channel);
    this.liveIfServed();
  }

  private heartbeat() {
    if (Date.now() - this.lastHeard > 2 * this.options.heartbeatMs) return this.restart();
    this.send({ op: 'ping' });
  }

  /** `firstMs` doubled for each try before, up to maxDelayMs, give or take a quarter so clients do not ask at once. */
  private backoff(firstMs: number, tries: number) {
    const { maxDelayMs, random } = this.options;
    return Math.min(maxDelayMs, firstMs * 2 ** tries) * (0.75 + 0.5 * random());
  }

  private scheduleReconnect() {
    const delay = this.backoff(this.options.baseDelayMs, this.attempts);
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.listeners.size) this.connect();
    }, delay);
  }

  private drop() {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.resubscribeTimer = null;
    this.resubscribes = 0;
    // A new connection subscribes to everything followed; what was dropped is forgotten now.
    for (const channel of this.toUnsubscribe) this.latest.delete(channel);
    this.toUnsubscribe.clear();
    this.toSubscribe.clear();
    this.awaiting.clear();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onopen = null;
      socket.close();
    }
  }

  private clearReconnect() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private cancelLinger() {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
  }

  private isOpen() {
    return this.socket?.readyState === OPEN;
  }

  private send(message: ClientMessage) {
    this.socket?.send(JSON.stringify(message));
  }
}

/**
 * A channel of `client` as an external store for React's useSyncExternalStore: `subscribe` follows the channel
 * while a component is mounted, `snapshot` is its latest data (undefined before the first frame). A null channel
 * follows nothing.
 */
export function channelStore(client: RealtimeClient, channel: string | null) {
  return {
    subscribe: (onChange: () => void) => (channel ? client.follow(channel, onChange) : () => undefined),
    snapshot: () => (channel ? client.current(channel) : undefined),
  };
}

/**
 * Several channels of `client` as one external store: `snapshot` is a Map of channel to latest data (channels
 * without data yet are absent), a new Map only when one of them changed, as useSyncExternalStore requires.
 */
export function channelsStore(client: RealtimeClient, channels: readonly string[]) {
  let cached: Map<string, unknown> | null = null;
  return {
    subscribe: (onChange: () => void) => {
      const unfollows = channels.map((channel) =>
        client.follow(channel, () => {
          cached = null;
          onChange();
        }),
      );
      return () => unfollows.forEach((unfollow) => unfollow());
    },
    snapshot: () => {
      if (cached && channels.every((channel) => cached!.get(channel) === client.current(channel)))
        return cached;
      cached = new Map();
      for (const channel of channels) {
        const data = client.current(channel);
        if (data !== undefined) cached.set(channel, data);
      }
      return cached;
    },
  };
}
