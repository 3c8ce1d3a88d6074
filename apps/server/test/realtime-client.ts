import type { ServerMessage } from '@kabuto/contract';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { TestApp } from './harness';

/** Starts the test app listening on an ephemeral loopback port; returns the WebSocket URL. */
export async function listen(t: Pick<TestApp, 'app'>): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/ws`;
}

/** A test client of /api/ws that keeps every frame it was sent, in order. */
export class WsClient {
  readonly frames: ServerMessage[] = [];
  private readonly waiters: (() => void)[] = [];
  closed = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      this.frames.push(JSON.parse(raw.toString()) as ServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('close', () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Whether the server answers a ping within `ms`: false when it closed the socket (refused it) or stayed silent. */
  async answersPing(ms = 2000): Promise<boolean> {
    const pongs = this.on('pong').length;
    this.send({ op: 'ping' });
    return this.next(() => this.on('pong').length > pongs, ms).then(
      () => true,
      () => false,
    );
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first frame (after those already seen by `skip`) matching `match`; fails after `ms`. */
  async next<T = unknown>(match: (frame: ServerMessage) => boolean, ms = 10_000): Promise<ServerMessage<T>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found as ServerMessage<T>;
      if (this.closed) throw new Error('connection closed while waiting for a frame');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 2000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  on<T = unknown>(channel: string): ServerMessage<T>[] {
    return this.frames.filter((frame) => frame.channel === channel) as ServerMessage<T>[];
  }

  /** Sends `auth` and waits for the answer. */
  async auth(token: string) {
    const before = this.on('auth').length + this.on('error').length;
    this.send({ op: 'auth', token });
    await this.next(() => this.on('auth').length + this.on('error').length > before);
  }

  /**
   * A ping answered: every frame the server queued for this connection before it read the ping has
   * arrived, so "nothing more came" can be asserted without waiting for a time.
   */
  async settle(): Promise<void> {
    const pongs = this.on('pong').length;
    this.send({ op: 'ping' });
    await this.next(() => this.on('pong').length > pongs);
  }

  /** Closes the connection; resolves once it is closed. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.close();
    return closed;
  }
}
