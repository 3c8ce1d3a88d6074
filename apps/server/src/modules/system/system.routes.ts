import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { pingDatabase } from './system.repository';

export const APP_VERSION = { version: '1.0.0', versionCode: 100, latestVersionCode: 100 } as const;
const FOUNDED_YEAR = 1922;

export function systemRoutes(ctx: AppContext) {
  return [
    route(api.system.health, async () => {
      await pingDatabase(ctx.db);
      const bus = ctx.config.redisUrl
        ? ctx.bus.connected()
          ? ('ok' as const)
          : ('down' as const)
        : ('in-process' as const);
      return { status: 'ok' as const, database: ctx.dbKind, bus };
    }),

    route(api.system.appInfo, async ({ request }) => ({
      ...APP_VERSION,
      companyName: request.lang === 'ja' ? ctx.config.companyNameJa : ctx.config.companyName,
      foundedYear: FOUNDED_YEAR,
      registrationNumber: ctx.config.registrationNumber,
      associations: ctx.config.associations,
      customerServiceUrl: ctx.config.customerServiceUrl,
      marketHost: { name: 'Kabuto simulated TSE feed', simulated: true },
      serverTime: ctx.clock.now().toISOString(),
    })),
  ];
}
