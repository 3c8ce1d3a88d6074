import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from './config';
import type { AppContext } from './context';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request came from this machine, judged by the socket's address: a forwarded header names whatever
 * the sender likes. A request that came through a proxy (TRUST_PROXY set, or a forwarding header present) is
 * refused too: behind a reverse proxy on this machine every socket is local.
 */
export function fromThisMachine(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.config.trustProxy !== false) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress;
  return address !== undefined && isLoopbackHost(address.replace(/^::ffff:/, ''));
}
