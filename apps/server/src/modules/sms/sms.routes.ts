import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { fromThisMachine } from '../../platform/this-machine';
import { listOutbox } from './sms.repository';

/**
 * The dev outbox, only while it is the SMS adapter. By default it answers connections from this machine,
 * judged by the socket's address (fromThisMachine): whoever reads codes can reset any password.
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
