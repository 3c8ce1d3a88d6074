import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route, type StaffActor } from '../../platform/routes';
import { recordListView } from '../audit';
import { marketOf, searchForm, type InstrumentRow } from '../market';
import { orderView, positionView, tradingOf } from '../trading';
import {
  forcedClosesPage,
  instrumentsPage,
  marginCallsPage,
  openOrdersPage,
  openPositionsPage,
} from './risk.repository';
import {
  exposure,
  followHalts,
  followLimits,
  markOf,
  setHalted,
  setLimits,
  tradingSettings,
} from './risk.service';
import {
  exposureView,
  forcedCloseView,
  marginCallView,
  staffInstrumentView,
  tradingConfigView,
} from './risk.views';

/** A filter as the audit row keeps it (bigints as text). */
const filterOf = (query: { code?: string | undefined; userId?: bigint | undefined }) => ({
  ...(query.code === undefined ? {} : { code: query.code }),
  ...(query.userId === undefined ? {} : { userId: query.userId.toString() }),
});

export function riskStaffRoutes(ctx: AppContext) {
  const market = marketOf(ctx);
  const trading = tradingOf(ctx);
  followHalts(ctx);
  followLimits(ctx);

  const instrumentView = async (row: InstrumentRow) =>
    staffInstrumentView(row, (await market.feed()).quote(row.code), trading.markOf(row.code));

  const listed =
    (actor: StaffActor, action: Parameters<typeof recordListView>[1]['action']) =>
    (query: object, shown: string[], ip: string | null) =>
      recordListView(ctx.db, { staffId: actor.staffId, action, query, shown, ip, at: ctx.clock.now() });

  return [
    route(api.staffTrading.instruments, async ({ query }) => {
      await market.ready();
      const page = await instrumentsPage(ctx.db, {
        term: searchForm(query.q ?? ''),
        halted: query.halted === undefined ? undefined : query.halted === 'true',
        page: query.page,
        pageSize: query.pageSize,
      });
      return { ...page, items: await Promise.all(page.items.map(instrumentView)) };
    }),
    route(api.staffTrading.halt, async ({ actor, params, body, meta }) =>
      instrumentView(
        await setHalted(ctx, actor, { code: params.code, halted: true, reason: body.reason, ip: meta.ip }),
      ),
    ),
    route(api.staffTrading.resume, async ({ actor, params, body, meta }) =>
      instrumentView(
        await setHalted(ctx, actor, { code: params.code, halted: false, reason: body.reason, ip: meta.ip }),
      ),
    ),
    route(api.staffTrading.setLimits, async ({ actor, params, body, meta }) =>
      instrumentView(await setLimits(ctx, actor, { code: params.code, ...body, ip: meta.ip })),
    ),
    route(api.staffTrading.positions, async ({ actor, query, meta }) => {
      const page = await openPositionsPage(ctx.db, query);
      await listed(actor, 'trading.positions_list')(
        { ...filterOf(query), page: query.page },
        page.items.map((row) => row.id.toString()),
        meta.ip,
      );
      const items = await Promise.all(
        page.items.map(async (row) => ({
          ...positionView(row, await markOf(ctx, row.code)),
          userId: row.user_id.toString(),
        })),
      );
      return { ...page, items };
    }),
    route(api.staffTrading.orders, async ({ actor, query, meta }) => {
      const page = await openOrdersPage(ctx.db, query);
      await listed(actor, 'trading.orders_list')(
        { ...filterOf(query), page: query.page },
        page.items.map((row) => row.id.toString()),
        meta.ip,
      );
      return {
        ...page,
        items: page.items.map((row) => ({ ...orderView(row), userId: row.user_id.toString() })),
      };
    }),
    route(api.staffTrading.exposure, async () => exposureView(await exposure(ctx))),
    route(api.staffTrading.forcedCloses, async ({ actor, query, meta }) => {
      const page = await forcedClosesPage(ctx.db, query);
      await listed(actor, 'trading.forced_closes_list')(
        { ...filterOf(query), page: query.page },
        page.items.map((row) => row.id.toString()),
        meta.ip,
      );
      return { ...page, items: page.items.map(forcedCloseView) };
    }),
    route(api.staffTrading.marginCalls, async ({ actor, query, meta }) => {
      const page = await marginCallsPage(ctx.db, query);
      await listed(actor, 'trading.margin_calls_list')(
        { ...filterOf(query), status: query.status, page: query.page },
        page.items.map((row) => row.id.toString()),
        meta.ip,
      );
      return { ...page, items: page.items.map(marginCallView) };
    }),
    route(api.staffTrading.config, async () => tradingConfigView(tradingSettings(ctx))),
  ];
}
