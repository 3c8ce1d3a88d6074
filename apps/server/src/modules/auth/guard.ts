import type { FastifyRequest } from 'fastify';
import type { AppContext, ClientMeta } from '../../platform/context';
import { fail } from '../../platform/errors';
import { authenticate, type UserPrincipal } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    principal: UserPrincipal | null;
  }
}

/** preHandler for investor endpoints: a live session in the `token` header, else HTTP 401 with code 401. */
export function requireUser(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const header = request.headers.token;
    const principal = await authenticate(
      ctx.db,
      ctx.clock,
      ctx.config,
      typeof header === 'string' ? header : undefined,
    );
    if (!principal) throw fail('SESSION_EXPIRED', 401);
    request.principal = principal;
  };
}

/** The principal of a route behind requireUser. */
export function principalOf(request: FastifyRequest): UserPrincipal {
  if (!request.principal) throw fail('SESSION_EXPIRED', 401);
  return request.principal;
}

export function clientMeta(request: FastifyRequest, deviceId?: string): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    deviceId: deviceId ?? null,
  };
}
