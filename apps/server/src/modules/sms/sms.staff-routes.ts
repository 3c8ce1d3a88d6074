import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { recordAudit } from '../audit';
import { listOutbox } from './sms.repository';

export function smsStaffRoutes(ctx: AppContext) {
  return [
    route(api.staffSms.outbox, async ({ query, actor, meta }) => {
      // Reading codes can hand over an account, so every look a person makes is audited with its filter.
      await recordAudit(ctx.db, {
        staffId: actor.staffId,
        action: 'sms_outbox.view',
        targetKind: query.mobile ? 'mobile' : undefined,
        targetId: query.mobile,
        ip: meta.ip,
        at: ctx.clock.now(),
      });
      return listOutbox(ctx.db, query);
    }),
  ];
}
