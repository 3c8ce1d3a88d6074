import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_MAX_CHANNELS } from '@kabuto/contract';
import { channelsStore, channelStore, RealtimeClient, type SocketLike } from './realtime-client';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as Event);
  }
  frame(channel: string, seq: number, data: unknown) {
    this.onmessage?.({ data: JSON.stringify({ channel, seq, data }) } as MessageEvent);
  }
  lose() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

let sockets: FakeSocket[];
let token: string;
const last = () => sockets.at(-1)!;
const fakeSocket = (url: string) => {
  const socket = new FakeSocket(url);
  sockets.push(socket);
  return socket;
};
const client = (createSocket: (url: string) => SocketLike = fakeSocket) =>
  new RealtimeClient({
    url: () => 'ws://test/api/ws?lang=ja',
    token: () => token,
    createSocket,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    heartbeatMs: 1000,
    lingerMs: 500,
    resubscribeMs: 200,
    random: () => 0.5,
  });

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'tok';
});
afterEach(() => vi.useRealTimers());

/** Follows and unfollows are sent once the current task's changes have settled. */
const settled = () => Promise.resolve();

/** A signed-in client following a quote, which has come, and its balances, which have not yet. */
function liveWithBalances() {
  const realtime = client();
  realtime.follow('quote:7203', () => undefined);
  realtime.follow('balances', () => undefined);
  const socket = last();
  socket.open();
  socket.frame('quote:7203', 1, {});
  return { realtime, socket };
}

describe('the realtime client', () => {
  it('opens one connection for every follower, authenticates first, then subscribes', async () => {
    const realtime = client();
    const quotes: unknown[] = [];
    realtime.follow('quote:7203', (data) => quotes.push(data));
    realtime.follow('balances', () => undefined);
    realtime.follow('quote:7203', () => undefined);
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', channels: ['quote:7203', 'balances'] },
    ]);
    last().frame('quote:7203', 1, { last: '100.00' });
    last().frame('quote:7203', 2, { last: '101.00' });
    expect(quotes).toEqual([{ last: '100.00' }, { last: '101.00' }]);
    expect(realtime.current('quote:7203')).toEqual({ last: '101.00' });

    // A late follower gets the latest data at once; a new channel is subscribed on the open connection.
    const late: unknown[] = [];
    realtime.follow('quote:7203', (data) => late.push(data));
    expect(late).toEqual([{ last: '101.00' }]);
    realtime.follow('board:7203', () => undefined);
    await settled();
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', channels: ['board:7203'] });
  });

  it('asks for no private channel while signed out, and for all once the session changes', () => {
    token = '';
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    realtime.follow('orders', () => undefined);
    last().open();
    expect(last().sent).toEqual([{ op: 'subscribe', channels: ['quote:7203'] }]);
    token = 'signed-in';
    realtime.sessionChanged();
    expect(sockets[0]!.closed).toBe(true);
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'signed-in' },
      { op: 'subscribe', channels: ['quote:7203', 'orders'] },
    ]);
  });

  it('reconnects with a growing delay and subscribes again to everything followed', async () => {
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    const unfollow = realtime.follow('quote:6758', () => undefined);
    last().open();
    unfollow();
    await settled();
    expect(last().sent.at(-1)).toEqual({ op: 'unsubscribe', channels: ['quote:6758'] });

    last().lose();
    vi.advanceTimersByTime(99);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().lose(); // never opened: the next delay doubles
    vi.advanceTimersByTime(199);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', channels: ['quote:7203'] },
    ]);
    last().frame('quote:7203', 1, {});
    last().lose(); // heard from: back to the first delay
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(4);
  });

  it('pings, replaces a connection that went silent, and closes when nothing is followed', () => {
    const realtime = client();
    const unfollow = realtime.follow('status', () => undefined);
    last().open();
    vi.advanceTimersByTime(1000);
    expect(last().sent.at(-1)).toEqual({ op: 'ping' });
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closed).toBe(true);

    last().open();
    unfollow();
    vi.advanceTimersByTime(499);
    expect(last().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last().closed).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(2);
  });

  it('forgets private data when the server ends the session', () => {
    const realtime = client();
    realtime.follow('balances', () => undefined);
    last().open();
    last().frame('balances', 1, { available: '1.00' });
    last().frame('auth', 2, { authenticated: false, dropped: ['balances'] });
    expect(realtime.current('balances')).toBeUndefined();
  });

  it('serves a channel to React as a store: followed while subscribed, its latest data as the snapshot', async () => {
    const realtime = client();
    const store = channelStore(realtime, 'quote:7203');
    expect(store.snapshot()).toBeUndefined();
    let changes = 0;
    const unsubscribe = store.subscribe(() => (changes += 1));
    last().open();
    last().frame('quote:7203', 1, { last: '100.00' });
    expect(changes).toBe(1);
    expect(store.snapshot()).toEqual({ last: '100.00' });
    expect(store.snapshot()).toBe(store.snapshot());
    unsubscribe();
    await settled();
    expect(last().sent.at(-1)).toEqual({ op: 'unsubscribe', channels: ['quote:7203'] });
    expect(store.snapshot()).toBeUndefined();

    const none = channelStore(realtime, null);
    none.subscribe(() => undefined)();
    expect(none.snapshot()).toBeUndefined();
  });

  it('tells where the connection stands: connecting, live, down after a loss, live again, idle once closed', () => {
    const realtime = client();
    const states: string[] = [];
    realtime.onConnection(() => states.push(realtime.connection()));
    expect(realtime.connection()).toBe('idle');
    realtime.follow('quote:7203', () => undefined);
    expect(realtime.connection()).toBe('connecting');
    last().open();
    last().lose();
    expect(realtime.connection()).toBe('down');
    vi.advanceTimersByTime(100);
    // A retry that has not opened yet is still down: figures are not current until a connection opens.
    expect(realtime.connection()).toBe('down');
    last().open();
    realtime.close();
    expect(states).toEqual(['connecting', 'live', 'down', 'live', 'idle']);
  });

  it('takes a socket the browser refuses to create as a loss: down at once, tried again after the backoff', () => {
    let refusals = 1;
    const realtime = client((url) => {
      if (refusals-- > 0) throw new DOMException('Refused to connect', 'SecurityError');
      return fakeSocket(url);
    });
    const quotes: unknown[] = [];
    realtime.follow('quote:7203', (data) => quotes.push(data));
    expect(realtime.connection()).toBe('down');
    expect(sockets).toHaveLength(0);
    vi.advanceTimersByTime(100);
    expect(sockets).toHaveLength(1);
    last().open();
    last().frame('quote:7203', 1, { last: '100.00' });
    expect(realtime.connection()).toBe('live');
    expect(quotes).toEqual([{ last: '100.00' }]);
  });

  it('serves several channels as one store whose snapshot changes only when one of them does', async () => {
    const realtime = client();
    const store = channelsStore(realtime, ['quote:7203', 'quote:6758']);
    let changes = 0;
    const unsubscribe = store.subscribe(() => (changes += 1));
    last().open();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', channels: ['quote:7203', 'quote:6758'] },
    ]);
    const empty = store.snapshot();
    expect(empty.size).toBe(0);
    expect(store.snapshot()).toBe(empty);
    last().frame('quote:7203', 1, { last: '100.00' });
    const first = store.snapshot();
    expect(first).not.toBe(empty);
    expect(first.get('quote:7203')).toEqual({ last: '100.00' });
    expect(store.snapshot()).toBe(first);
    last().frame('quote:6758', 1, { last: '2000.00' });
    expect(store.snapshot().get('quote:6758')).toEqual({ last: '2000.00' });
    expect(changes).toBe(2);
    unsubscribe();
    await settled();
    expect(last().sent.at(-1)).toEqual({ op: 'unsubscribe', channels: ['quote:7203', 'quote:6758'] });
  });

  it('keeps the rows a scrolled list still shows: one unsubscribe, one subscribe, their data kept', async () => {
    const realtime = client();
    const before = channelsStore(realtime, ['quote:1001', 'quote:1002', 'quote:1003']);
    const unsubscribe = before.subscribe(() => undefined);
    last().open();
    last().frame('quote:1002', 1, { last: '200.00' });
    last().frame('quote:1003', 1, { last: '300.00' });
    const sent = last().sent.length;
    // As React swaps the stores of a list that scrolled by one row: the old one dropped, the new one followed.
    const after = channelsStore(realtime, ['quote:1002', 'quote:1003', 'quote:1004']);
    unsubscribe();
    after.subscribe(() => undefined);
    expect(after.snapshot().get('quote:1002')).toEqual({ last: '200.00' });
    await settled();
    expect(last().sent.slice(sent)).toEqual([
      { op: 'unsubscribe', channels: ['quote:1001'] },
      { op: 'subscribe', channels: ['quote:1004'] },
    ]);
    expect([...after.snapshot().keys()]).toEqual(['quote:1002', 'quote:1003']);
  });

  it('asks again, later each time, for channels the server refused for its rate, and only for those; down meanwhile', async () => {
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    last().open();
    last().frame('quote:7203', 1, {});
    const quotes: unknown[] = [];
    realtime.follow('quote:6758', (data) => quotes.push(data));
    realtime.follow('quote:9984', () => undefined);
    realtime.follow('quote:0000', () => undefined);
    await settled();
    expect(last().sent.at(-1)).toEqual({
      op: 'subscribe',
      channels: ['quote:6758', 'quote:9984', 'quote:0000'],
    });
    // 0000 is refused for good; then a later subscribe (of all three) for the connection's rate.
    last().frame('error', 1, {
      errorCode: 'INSTRUMENT_NOT_FOUND',
      op: 'subscribe',
      channels: ['quote:0000'],
    });
    expect(realtime.connection()).toBe('live');
    last().frame('quote:9984', 1, {});
    last().frame('error', 2, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
    // Until 6758 comes, its figures are not live: screens poll and say how old they are.
    expect(realtime.connection()).toBe('down');
    // (The connection pings meanwhile: only subscribes are counted; its pongs keep it open.)
    const socket = last();
    const subscribes = () => socket.sent.filter((m) => (m as { op: string }).op === 'subscribe');
    vi.advanceTimersByTime(199);
    expect(subscribes()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(subscribes().at(-1)).toEqual({ op: 'subscribe', channels: ['quote:6758'] });
    // Refused again: asked again after twice the delay.
    socket.frame('error', 3, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
    vi.advanceTimersByTime(399);
    expect(subscribes()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(subscribes()).toHaveLength(4);
    socket.frame('quote:6758', 1, { last: '1.00' });
    expect(quotes).toEqual([{ last: '1.00' }]);
    expect(realtime.connection()).toBe('live');
    // Nothing more is asked for on this connection.
    for (let pong = 1; pong <= 5; pong += 1) {
      vi.advanceTimersByTime(1000);
      socket.frame('pong', pong, {});
    }
    expect(last()).toBe(socket);
    expect(subscribes()).toHaveLength(4);
  });

  it('is live again once what a refusal held back has come, whatever the server refuses for good on the way', async () => {
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    last().open();
    last().frame('quote:7203', 1, {});
    realtime.follow('quote:6758', () => undefined);
    realtime.follow('quote:0000', () => undefined);
    await settled();
    last().frame('error', 1, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
    expect(realtime.connection()).toBe('down');
    vi.advanceTimersByTime(200);
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', channels: ['quote:6758', 'quote:0000'] });
    // 6758 comes; 0000, asked for again, is refused for good (an error naming it that is not about the rate). The
    // server sends a subscribe's refusals before its snapshots; coming last here, the refusal itself ends the wait.
    last().frame('quote:6758', 1, {});
    expect(realtime.connection()).toBe('down');
    last().frame('error', 2, {
      errorCode: 'INSTRUMENT_NOT_FOUND',
      op: 'subscribe',
      channels: ['quote:0000'],
    });
    expect(realtime.connection()).toBe('live');
    // Not asked for again on this connection (longer than the next resubscribe would have waited).
    const socket = last();
    vi.advanceTimersByTime(1_500);
    expect(last()).toBe(socket);
    expect(socket.sent.filter((m) => (m as { op: string }).op === 'subscribe')).toHaveLength(3);
  });

  it('asks again later, polling meanwhile, for a subscribe refused whole or for too many channels', async () => {
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    last().open();
    last().frame('quote:7203', 1, {});
    realtime.follow('quote:6758', () => undefined);
    await settled();
    const socket = last();
    const subscribes = () => socket.sent.filter((m) => (m as { op: string }).op === 'subscribe');
    // A fault on the server names no channel: 6758 is not live, so screens poll, and it is asked for again.
    socket.frame('error', 1, { errorCode: 'INTERNAL', op: 'subscribe' });
    expect(realtime.connection()).toBe('down');
    vi.advanceTimersByTime(200);
    expect(subscribes().at(-1)).toEqual({ op: 'subscribe', channels: ['quote:6758'] });
    // Too many channels names them, and may pass once a screen lets some go: asked again, later.
    socket.frame('error', 2, {
      errorCode: 'WS_TOO_MANY_CHANNELS',
      op: 'subscribe',
      channels: ['quote:6758'],
    });
    expect(realtime.connection()).toBe('down');
    vi.advanceTimersByTime(399);
    expect(subscribes()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(subscribes()).toHaveLength(4);
    socket.frame('quote:6758', 1, {});
    expect(realtime.connection()).toBe('live');
  });

  it('never asks for more channels in one subscribe than a connection may hold', () => {
    const realtime = client();
    const codes = Array.from({ length: WS_MAX_CHANNELS + 5 }, (_, index) => `quote:${1000 + index}`);
    for (const channel of codes) realtime.follow(channel, () => undefined);
    last().open();
    const subscribes = last().sent.filter((m) => (m as { op: string }).op === 'subscribe') as {
      channels: string[];
    }[];
    expect(subscribes.map((message) => message.channels.length)).toEqual([WS_MAX_CHANNELS, 5]);
    expect(subscribes.flatMap((message) => message.channels)).toEqual(codes);
  });

  it('presents the session again when its private channels were refused for want of one while signed in', async () => {
    const { realtime, socket } = liveWithBalances();
    // The session could not be checked just then (a fault on the server): its channels are refused, not lost.
    socket.frame('error', 1, { errorCode: 'INTERNAL', op: 'auth' });
    socket.frame('error', 2, { errorCode: 'WS_AUTH_REQUIRED', op: 'subscribe', channels: ['balances'] });
    expect(realtime.connection()).toBe('down');
    vi.advanceTimersByTime(200);
    expect(socket.sent.slice(-2)).toEqual([
      { op: 'auth', token: 'tok' },
      { op: 'subscribe', channels: ['balances'] },
    ]);
    socket.frame('balances', 1, {});
    expect(realtime.connection()).toBe('live');
    // Signed out while a subscribe was on its way, the same refusal is final: nothing more is asked for.
    realtime.follow('orders', () => undefined);
    await settled();
    expect(socket.sent.at(-1)).toEqual({ op: 'subscribe', channels: ['orders'] });
    token = '';
    socket.frame('error', 3, { errorCode: 'WS_AUTH_REQUIRED', op: 'subscribe', channels: ['orders'] });
    expect(realtime.connection()).toBe('live');
    const subscribes = () => socket.sent.filter((m) => (m as { op: string }).op === 'subscribe').length;
    const before = subscribes();
    vi.advanceTimersByTime(5_000);
    expect(subscribes()).toBe(before);
  });

  it('asks no more for private channels once the session itself was refused', async () => {
    const { realtime, socket } = liveWithBalances();
    socket.frame('error', 1, { errorCode: 'SESSION_EXPIRED', op: 'auth' });
    socket.frame('error', 2, { errorCode: 'WS_AUTH_REQUIRED', op: 'subscribe', channels: ['balances'] });
    expect(realtime.connection()).toBe('live');
    const sent = socket.sent.length;
    vi.advanceTimersByTime(5_000);
    expect(socket.sent.slice(sent).filter((m) => (m as { op: string }).op !== 'ping')).toEqual([]);
  });

  it('waits a little more or less than the nominal delay before asking again, so clients do not ask at once', () => {
    const delays = [0, 1].map((random) => {
      const realtime = new RealtimeClient({
        url: () => 'ws://test/api/ws',
        token: () => '',
        createSocket: fakeSocket,
        resubscribeMs: 200,
        random: () => random,
      });
      realtime.follow('quote:7203', () => undefined);
      const socket = last();
      socket.open();
      socket.frame('error', 1, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
      const subscribes = () => socket.sent.filter((m) => (m as { op: string }).op === 'subscribe').length;
      let waited = 0;
      while (subscribes() < 2 && waited < 1_000) {
        vi.advanceTimersByTime(1);
        waited += 1;
      }
      realtime.restart();
      return waited;
    });
    expect(delays).toEqual([150, 250]);
  });

  it('takes a refusal when nothing is waiting as nothing: still live, and the next wait as short as the first', async () => {
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    const socket = last();
    socket.open();
    socket.frame('quote:7203', 1, {});
    socket.frame('error', 1, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
    socket.frame('error', 2, { errorCode: 'INTERNAL', op: 'subscribe' });
    expect(realtime.connection()).toBe('live');
    vi.advanceTimersByTime(1_000);
    realtime.follow('quote:6758', () => undefined);
    await settled();
    socket.frame('error', 3, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
    vi.advanceTimersByTime(200);
    const asked = socket.sent.filter(
      (m) => JSON.stringify(m) === '{"op":"subscribe","channels":["quote:6758"]}',
    );
    expect(asked).toHaveLength(2);
  });

  it('is live again when a refused channel is let go before it comes', async () => {
    const realtime = client();
    realtime.follow('quote:7203', () => undefined);
    last().open();
    last().frame('quote:7203', 1, {});
    const unfollow = realtime.follow('quote:6758', () => undefined);
    await settled();
    last().frame('error', 1, { errorCode: 'RATE_LIMITED', op: 'subscribe' });
    expect(realtime.connection()).toBe('down');
    unfollow();
    await settled();
    expect(realtime.connection()).toBe('live');
  });
});
