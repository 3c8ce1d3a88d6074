import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { listAudit, recordListView } from './audit.repository';

export function auditStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffAudit.list, async ({ query, actor, meta }) => {
      // The log holds people's data in its before and after: reading it is audited too.
      const page = await listAudit(ctx.db, query);
      await recordListView(ctx, { actor, meta }, { action: 'audit.view', query, rows: page.items });
      return page;
    }),
  ];
}
