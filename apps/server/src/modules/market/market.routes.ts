import { api, SEARCH_HISTORY_MAX, senToDecimal, WATCHLIST_MAX, type BarInterval } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { aggregateRead, bucketOf, SOURCE_OF } from './bars';
import {
  clearSearchHistory,
  deleteWatchlistEntry,
  findInstrument,
  readBars,
  searchHistoryOf,
  searchInstruments,
  trimSearchHistory,
  upsertSearchHistory,
  watchlistOf,
} from './market.repository';
import { marketOf } from './market.service';
import { barView, instrumentView, quoteView } from './market.views';
import { breadth, rank, type RankedRow } from './ranking';
import { RankingSnapshots } from './ranking-snapshots';
import { searchForm } from './universe';
import { addToWatchlist } from './watchlist.service';

const DAY = 86_400_000;

/** The period a bars request without `from` covers, ending at `to` (or now). */
const DEFAULT_SPAN: Record<BarInterval, number> = {
  '1m': 7 * DAY,
  '5m': 7 * DAY,
  '15m': 7 * DAY,
  '30m': 7 * DAY,
  '45m': 7 * DAY,
  '60m': 7 * DAY,
  '1d': 366 * DAY,
  '1w': 3 * 366 * DAY,
  '1mo': 10 * 366 * DAY,
};

/** Most stored bars one request reads: a week of minutes, or ten years of days. */
const READ_LIMIT = { '1m': 5_000, '1d': 2_600 } as const;

/** Movers each way on the summary. */
const SUMMARY_MOVERS = 5;

export function marketRoutes(ctx: AppContext) {
  const market = marketOf(ctx);
  const snapshots = new RankingSnapshots();
  const rankedRows = async (): Promise<RankedRow[]> => {
    const feed = await market.feed();
    return (await market.instruments()).flatMap((instrument) => {
      const quote = feed.quote(instrument.code);
      return quote ? [{ instrument, quote }] : [];
    });
  };
  const rankedView = async () => {
    const simulated = (await market.feed()).simulated;
    const phase = market.clock.phaseAt(ctx.clock.now());
    return ({ instrument, quote }: RankedRow) => ({
      instrument: instrumentView(instrument),
      quote: quoteView(quote, phase, simulated),
    });
  };

  return [
    route(api.market.instruments, async ({ query }) => {
      await market.ready();
      const page = await searchInstruments(ctx.db, searchForm(query.q ?? ''), query);
      return { ...page, items: page.items.map(instrumentView) };
    }),
    route(api.market.quotes, async ({ query }) => ({
      items: await Promise.all(query.codes.map((code) => market.quote(code))),
    })),
    route(api.market.board, ({ params }) => market.board(params.code)),
    route(api.market.bars, async ({ params, query }) => {
      const feed = await market.feed();
      if (!(await market.instrument(params.code))) throw fail('INSTRUMENT_NOT_FOUND', { code: params.code });
      const to = query.to ?? new Date(ctx.clock.now().getTime() + 60_000);
      // From the start of the bucket `from` falls in, so the first aggregated bar is whole (unless the read is cut:
      // aggregateRead).
      const from = new Date(
        bucketOf(
          query.interval,
          (query.from ?? new Date(to.getTime() - DEFAULT_SPAN[query.interval])).getTime(),
        ),
      );
      if (from >= to) throw fail('BAR_RANGE_INVALID');
      const stored = SOURCE_OF[query.interval].stored;
      const rows = await readBars(ctx.db, {
        code: params.code,
        interval: stored,
        from,
        to,
        limit: READ_LIMIT[stored],
      });
      const merged = market.withLive(
        params.code,
        stored === '1m' ? 'minute' : 'day',
        rows,
        from.getTime(),
        to.getTime(),
      );
      return {
        code: params.code,
        interval: query.interval,
        items: aggregateRead(merged, query.interval, rows.length >= READ_LIMIT[stored]).map(barView),
        simulated: feed.simulated,
      };
    }),
    route(api.market.ranking, async ({ query }) => {
      const now = ctx.clock.now().getTime();
      const fresh = rank(await rankedRows(), query.sort, query.order);
      const kept = query.snapshot && snapshots.codesOf(query.snapshot, query.sort, query.order, now);
      const rowOf = new Map(fresh.map((row) => [row.instrument.code, row]));
      const rows = kept ? kept.flatMap((code) => rowOf.get(code) ?? []) : fresh;
      const snapshot =
        kept && query.snapshot
          ? query.snapshot
          : snapshots.keep(
              fresh.map((row) => row.instrument.code),
              query.sort,
              query.order,
              now,
            );
      const start = (query.page - 1) * query.pageSize;
      return {
        items: rows.slice(start, start + query.pageSize).map(await rankedView()),
        total: rows.length,
        page: query.page,
        pageSize: query.pageSize,
        snapshot,
      };
    }),
    route(api.market.summary, async () => {
      const rows = await rankedRows();
      const view = await rankedView();
      const { turnover, ...counts } = breadth(rows);
      const byChange = rank(rows, 'changePercent', 'desc');
      return {
        ...counts,
        turnover: senToDecimal(turnover),
        gainers: byChange
          .slice(0, SUMMARY_MOVERS)
          .filter(({ quote }) => quote.last > quote.previousClose)
          .map(view),
        losers: byChange
          .reverse()
          .slice(0, SUMMARY_MOVERS)
          .filter(({ quote }) => quote.last < quote.previousClose)
          .map(view),
        sessionState: market.clock.phaseAt(ctx.clock.now()),
        simulated: (await market.feed()).simulated,
      };
    }),
    route(api.market.status, () => market.status()),
  ];
}

export function watchlistRoutes(ctx: AppContext) {
  return [
    route(api.watchlist.list, async ({ actor }) => ({
      items: (await watchlistOf(ctx.db, actor.userId)).map((row) => ({
        code: row.code,
        addedAt: new Date(row.created_at).toISOString(),
        instrument: instrumentView(row),
      })),
      max: WATCHLIST_MAX,
    })),
    route(api.watchlist.add, async ({ actor, params }) => {
      await marketOf(ctx).ready();
      const { instrument, addedAt } = await addToWatchlist(ctx, actor, params.code);
      return {
        code: instrument.code,
        addedAt: new Date(addedAt).toISOString(),
        instrument: instrumentView(instrument),
      };
    }),
    route(api.watchlist.remove, async ({ actor, params }) => ({
      removed: await ctx.transact((tx) => deleteWatchlistEntry(tx.db, actor.userId, params.code)),
    })),
  ];
}

export function searchHistoryRoutes(ctx: AppContext) {
  return [
    route(api.searchHistory.list, async ({ actor }) => ({
      items: (await searchHistoryOf(ctx.db, actor.userId, SEARCH_HISTORY_MAX)).map((row) => ({
        code: row.code,
        searchedAt: new Date(row.searched_at).toISOString(),
        instrument: instrumentView(row),
      })),
    })),
    route(api.searchHistory.add, async ({ actor, body }) => {
      await marketOf(ctx).ready();
      const instrument = await findInstrument(ctx.db, body.code);
      if (!instrument) throw fail('INSTRUMENT_NOT_FOUND', { code: body.code });
      const at = ctx.clock.now();
      await ctx.transact(async (tx) => {
        await upsertSearchHistory(tx.db, { userId: actor.userId, code: instrument.code, at });
        await trimSearchHistory(tx.db, actor.userId, SEARCH_HISTORY_MAX);
      });
      return { code: instrument.code, searchedAt: at.toISOString(), instrument: instrumentView(instrument) };
    }),
    route(api.searchHistory.clear, async ({ actor }) => ({
      removed: await ctx.transact((tx) => clearSearchHistory(tx.db, actor.userId)),
    })),
  ];
}
