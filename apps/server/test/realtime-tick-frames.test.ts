import { describe, expect, it, vi } from 'vitest';
import * as ws from 'ws';
import type WebSocket from 'ws';
import { Connection, MAX_BUFFERED_BYTES } from '../src/modules/realtime/connection';
import { encodeTextFrames, TickFrame } from '../src/modules/realtime/tick-frames';

/** ws's own parser of a server's frames (its types do not declare it). */
type Receiver = NodeJS.WritableStream & { on(event: 'message', listener: (data: Buffer) => void): void };
const { Receiver } = ws as unknown as {
  Receiver: new (options: { isServer: boolean }) => Receiver;
};

/** The text messages a client reads from `bytes`. */
async function decode(bytes: Buffer): Promise<string[]> {
  const receiver = new Receiver({ isServer: false });
  const messages: string[] = [];
  receiver.on('message', (data) => messages.push(data.toString()));
  await new Promise<void>((resolve, reject) =>
    receiver.write(bytes, (error) => (error ? reject(error) : resolve())),
  );
  return messages;
}

const frameText = (channel: string, seq: number, data: string) =>
  `{"channel":"${channel}","seq":${seq},"data":${data}}`;

describe('a market tick’s frames', () => {
  it('are the WebSocket text frames a client reads as each follower’s own {channel, seq, data}', async () => {
    const short = new TickFrame('quote:7203', '{"last":"2500.00"}');
    // A payload of 125, 126 and 65,536 bytes: the three ways RFC 6455 writes a length.
    const sized = (bytes: number, seq: number) =>
      new TickFrame('board:7203', `"${'x'.repeat(bytes - frameText('board:7203', seq, '""').length)}"`);
    const frames = [
      short,
      sized(125, 7),
      sized(126, 8),
      sized(65_536, 12),
      new TickFrame('quote:6758', '"ソニー"'),
    ];
    const seqs = [2, 7, 8, 12, 1_000_000];
    const messages = await decode(encodeTextFrames(frames, seqs));
    expect(messages).toEqual(frames.map((frame, i) => frameText(frame.channel, seqs[i]!, frame.data)));
    expect(messages.slice(1, 4).map((text) => Buffer.byteLength(text))).toEqual([125, 126, 65_536]);
    expect(JSON.parse(messages[4]!)).toEqual({ channel: 'quote:6758', seq: 1_000_000, data: 'ソニー' });
  });

  it('go to a connection in one write, each channel at its own next seq, and skip what it stopped following', async () => {
    const written: Buffer[] = [];
    const raw = { write: vi.fn((bytes: Buffer) => written.push(bytes)) };
    const socket = { OPEN: 1, readyState: 1, bufferedAmount: 0, extensions: '', send: vi.fn(), _socket: raw };
    const connection = new Connection(socket as unknown as WebSocket, 'en', '127.0.0.1', vi.fn());
    connection.seqs.set('quote:7203', 0);
    connection.push('quote:7203', '{"v":0}');
    connection.seqs.set('board:7203', 4);

    const first = [new TickFrame('quote:7203', '{"v":1}'), new TickFrame('board:7203', '{"b":1}')];
    connection.pushTick(first);
    connection.seqs.delete('board:7203');
    connection.pushTick([new TickFrame('quote:7203', '{"v":2}'), new TickFrame('board:7203', '{"b":2}')]);

    expect(raw.write).toHaveBeenCalledTimes(2);
    expect(await decode(Buffer.concat(written))).toEqual([
      frameText('quote:7203', 2, '{"v":1}'),
      frameText('board:7203', 5, '{"b":1}'),
      frameText('quote:7203', 3, '{"v":2}'),
    ]);
  });

  it('are sent frame by frame through ws when the connection negotiated an extension', () => {
    const raw = { write: vi.fn(), cork: vi.fn(), uncork: vi.fn() };
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      extensions: 'permessage-deflate',
      send: vi.fn(),
      _socket: raw,
    };
    const connection = new Connection(socket as unknown as WebSocket, 'en', '127.0.0.1', vi.fn());
    connection.seqs.set('quote:7203', 1);
    connection.pushTick([new TickFrame('quote:7203', '{"v":1}')]);
    expect(raw.write).not.toHaveBeenCalled();
    expect(socket.send).toHaveBeenCalledWith(frameText('quote:7203', 2, '{"v":1}'));
    expect(raw.uncork).toHaveBeenCalledTimes(raw.cork.mock.calls.length);
  });

  it('drop a connection whose unsent frames already pass the bound, instead of adding to them', () => {
    const raw = { write: vi.fn() };
    const socket = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: MAX_BUFFERED_BYTES + 1,
      extensions: '',
      send: vi.fn(),
      terminate: vi.fn(),
      _socket: raw,
    };
    const dropped = vi.fn();
    const connection = new Connection(socket as unknown as WebSocket, 'en', '127.0.0.1', dropped);
    connection.seqs.set('quote:7203', 1);
    connection.pushTick([new TickFrame('quote:7203', '{"v":1}')]);
    expect(raw.write).not.toHaveBeenCalled();
    expect(socket.terminate).toHaveBeenCalledTimes(1);
    expect(dropped).toHaveBeenCalledWith(connection);
  });

  it('interleave on a real socket with what ws writes itself (frames, pings, the close) without a protocol error', async () => {
    const server = new ws.WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    const client = new ws.WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    const received: string[] = [];
    const closed = new Promise<{ code: number; errors: unknown[] }>((resolve) => {
      const errors: unknown[] = [];
      client.on('message', (data) => received.push(data.toString()));
      client.on('ping', () => received.push('<ping>'));
      client.on('error', (error) => errors.push(error));
      client.on('close', (code) => resolve({ code, errors }));
    });
    const socket = await accepted;
    const connection = new Connection(socket, 'ja', '127.0.0.1', vi.fn());
    connection.seqs.set('orders', 0);
    connection.seqs.set('quote:7203', 0);
    const big = `"${'株'.repeat(30_000)}"`; // 90,000 bytes of UTF-8: a 64-bit length
    connection.push('orders', '{"items":[]}');
    connection.pushTick([new TickFrame('quote:7203', '{"name":"トヨタ自動車"}')]);
    socket.ping();
    connection.push('orders', '{"items":["注文"]}');
    connection.pushTick([new TickFrame('quote:7203', big)]);
    socket.close(1000);
    connection.pushTick([new TickFrame('quote:7203', '{"after":"close"}')]);
    const { code, errors } = await closed;
    server.close();
    expect(errors).toEqual([]);
    expect(code).toBe(1000);
    expect(received).toEqual([
      frameText('orders', 1, '{"items":[]}'),
      frameText('quote:7203', 1, '{"name":"トヨタ自動車"}'),
      '<ping>',
      frameText('orders', 2, '{"items":["注文"]}'),
      frameText('quote:7203', 2, big),
    ]);
  });
});
