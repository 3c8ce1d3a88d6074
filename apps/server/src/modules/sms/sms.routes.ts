import { api } from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../platform/config';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { listOutbox } from './sms.repository';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

function fromThisMachine(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.config.trustProxy !== false) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.socket.remoteAddress;
  return address !== undefined && isLoopbackHost(address.replace(/^::ffff:/, ''));
}

/**
 * The dev outbox, only while it is the SMS adapter. By default it answers connections from this machine,
 * judged by the socket's address: a forwarded header names whatever the sender likes, and whoever reads
 * codes can reset any password. A request that came through a proxy (TRUST_PROXY set, or a forwarding
 * header present) is refused too: behind a reverse proxy on this machine every socket is local.
 */
export function smsRoutes(ctx: AppContext) {
  if (ctx.sms.name !== 'dev-outbox' || ctx.config.devSmsEndpoint === 'off') return [];
  return [
    route(api.system.devSms, async ({ query, request }) => {
      if (ctx.config.devSmsEndpoint === 'loopback' && !fromThisMachine(ctx, request)) throw fail('NOT_FOUND');
      const { items } = await listOutbox(ctx.db, { mobile: query.mobile, page: 1, pageSize: 20 });
      return { items };
    }),
  ];
}
