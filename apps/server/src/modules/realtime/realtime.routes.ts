import { normalizeIP } from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { WS_PATH } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { DEFAULT_HUB_TIMING, Hub, type HubTiming } from './hub';

/**
 * Frames larger than this close the connection at the protocol level (1009) before they are buffered
 * whole; frames between WS_MAX_MESSAGE_BYTES and this are answered with an error frame instead.
 */
const MAX_FRAME_BYTES = 64 * 1024;

/** The close code of a connection refused for policy (RFC 6455, 1008). */
const WS_CLOSE_TOO_MANY = 1008;

const hubs = new WeakMap<AppContext, Hub>();

/** The hub of an app (tests count its connections). */
export const hubOf = (ctx: AppContext) => hubs.get(ctx);

/** ws's own protocol errors (its codes start WS_ERR_), and a client vanishing mid-frame. */
const clientCaused = (error: { code?: string }) =>
  error.code !== undefined &&
  (error.code.startsWith('WS_ERR_') ||
    error.code === 'ECONNRESET' ||
    error.code === 'ERR_STREAM_PREMATURE_CLOSE');

/** `GET /api/ws`: the one WebSocket of the investor app (docs/realtime.md). */
export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  timing: HubTiming = DEFAULT_HUB_TIMING,
): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // The socket is dropped either way. What a client causes (a frame over the limit, a broken frame, going away
    // mid-frame) is logged as a warning: anyone may cause it, as often as they reconnect, so at error level it
    // would bury the server's own failures.
    errorHandler: (error: Error & { code?: string }, socket, request) => {
      if (clientCaused(error))
        request.log.warn({ code: error.code }, 'websocket: dropped a client that broke the protocol');
      else request.log.error(error);
      socket.terminate();
    },
  });
  const hub = new Hub(ctx, timing);
  hubs.set(ctx, hub);
  app.addHook('onClose', async () => hub.close());
  // A client address may hold only so many sockets: each costs memory and a share of every tick. Addresses are
  // counted as the HTTP rate limits count them: an IPv6 one by its /64, which one subscriber may take any address
  // of, and an IPv4 one mapped into IPv6 as that IPv4 address.
  const open = new Map<string, number>();
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const address = normalizeIP(request.ip);
    const held = open.get(address) ?? 0;
    if (held >= ctx.config.wsMaxPerAddress) return socket.close(WS_CLOSE_TOO_MANY, 'too many connections');
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    hub.accept(socket, request.lang, address);
  });
}
