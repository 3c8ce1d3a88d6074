import { roleCan, type Permission } from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { authenticateStaff, type StaffPrincipal } from './staff-auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    staffPrincipal: StaffPrincipal | null;
  }
}

/** preHandler for staff endpoints: a live staff session, and the role must hold `permission` if given. */
export function requireStaff(ctx: AppContext, permission?: Permission) {
  return async (request: FastifyRequest) => {
    const header = request.headers.token;
    const principal = await authenticateStaff(ctx, typeof header === 'string' ? header : undefined);
    if (!principal) throw fail('SESSION_EXPIRED', 401);
    if (permission && !roleCan(principal.staff.role, permission)) throw fail('STAFF_PERMISSION_DENIED', 403);
    request.staffPrincipal = principal;
  };
}

export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staffPrincipal) throw fail('SESSION_EXPIRED', 401);
  return request.staffPrincipal;
}
