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

const hubs = new WeakMap<AppContext, Hub>();

/** The hub of an app (tests count its connections). */
export const hubOf = (ctx: AppContext) => hubs.get(ctx);

/** `GET /api/ws`: the one WebSocket of the investor app (docs/realtime.md). */
export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  timing: HubTiming = DEFAULT_HUB_TIMING,
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const hub = new Hub(ctx, timing);
  hubs.set(ctx, hub);
  app.addHook('onClose', async () => hub.close());
  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) =>
    hub.accept(socket, request.lang),
  );
}
