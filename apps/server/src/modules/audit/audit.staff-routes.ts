import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { listAudit } from './audit.repository';

export function auditStaffRoutes(ctx: AppContext) {
  return [route(api.staffAudit.list, async ({ query }) => listAudit(ctx.db, query))];
}
