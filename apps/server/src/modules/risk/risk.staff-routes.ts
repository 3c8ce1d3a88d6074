import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { recordListView } from '../audit';
import { marketOf, searchForm, type InstrumentRow } from '../market';
import { orderView, positionView, tradingOf } from '../trading';
import {
  forcedClosesPage,
  instrumentsPage,
  marginCallsPage,
  ordersPage,
  positionsPage,
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
      const page = await positionsPage(ctx.db, query);
      await recordListView(
        ctx,
        { actor, meta },
        {
          action: 'trading.positions_list',
          query: { ...filterOf(query), status: query.status, page: query.page },
          rows: page.items,
        },
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
      const page = await ordersPage(ctx.db, query);
      await recordListView(
        ctx,
        { actor, meta },
        {
          action: 'trading.orders_list',
          query: { ...filterOf(query), status: query.status, page: query.page },
          rows: page.items,
        },
      );
      return {
        ...page,
        items: page.items.map((row) => ({ ...orderView(row), userId: row.user_id.toString() })),
      };
    }),
    route(api.staffTrading.exposure, async () => exposureView(await exposure(ctx))),
    route(api.staffTrading.forcedCloses, async ({ actor, query, meta }) => {
      const page = await forcedClosesPage(ctx.db, query);
      await recordListView(
        ctx,
        { actor, meta },
        {
          action: 'trading.forced_closes_list',
          query: { ...filterOf(query), page: query.page },
          rows: page.items,
        },
      );
      return { ...page, items: page.items.map(forcedCloseView) };
    }),
    route(api.staffTrading.marginCalls, async ({ actor, query, meta }) => {
      const page = await marginCallsPage(ctx.db, query);
      await recordListView(
        ctx,
        { actor, meta },
        {
          action: 'trading.margin_calls_list',
          query: { ...filterOf(query), status: query.status, page: query.page },
          rows: page.items,
        },
      );
      return { ...page, items: page.items.map(marginCallView) };
    }),
    route(api.staffTrading.config, async () => tradingConfigView(tradingSettings(ctx))),
  ];
}
