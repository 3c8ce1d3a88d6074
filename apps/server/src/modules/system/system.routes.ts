import { appInfo, devSmsItem, devSmsQuery } from '@kabuto/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { envelope, notFound, ok } from '../../platform/http';
import { listOutbox } from '../../platform/sms';

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

export const APP_VERSION = { version: '1.0.0', versionCode: 100, latestVersionCode: 100 } as const;
const FOUNDED_YEAR = 1922;

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['system'];
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags,
          summary: 'Liveness and database reachability',
          response: { 200: envelope(z.object({ status: z.literal('ok'), database: z.string() })) },
        },
      },
      async (request) => {
        await ctx.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
        return ok(request, { status: 'ok' as const, database: ctx.dbKind });
      },
    );

    app.get(
      '/api/app/info',
      {
        schema: {
          tags,
          summary: 'Version, company and market host information for the startup screen',
          response: { 200: envelope(appInfo) },
        },
      },
      async (request) =>
        ok(request, {
          ...APP_VERSION,
          companyName: request.lang === 'ja' ? ctx.config.companyNameJa : ctx.config.companyName,
          foundedYear: FOUNDED_YEAR,
          customerServiceUrl: ctx.config.customerServiceUrl,
          marketHost: { name: 'Kabuto simulated TSE feed', simulated: true },
          serverTime: ctx.clock.now().toISOString(),
        }),
    );

    // Exists only while the dev outbox is the SMS adapter, and by default answers only this machine:
    // whoever can read codes can reset any password, so it must never face the public.
    if (ctx.sms.name === 'dev-outbox' && ctx.config.devSmsEndpoint !== 'off') {
      app.get(
        '/api/dev/sms',
        {
          schema: {
            tags,
            summary:
              'Dev SMS outbox: the latest codes sent to a number (dev adapter only; this machine only by default)',
            querystring: devSmsQuery,
            response: { 200: envelope(z.object({ items: z.array(devSmsItem) })) },
          },
        },
        async (request, reply) => {
          if (ctx.config.devSmsEndpoint === 'loopback' && !isLoopback(request.ip))
            return notFound(request, reply);
          const { items } = await listOutbox(ctx.db, { mobile: request.query.mobile, page: 1, pageSize: 20 });
          return ok(request, { items });
        },
      );
    }
  };
}
