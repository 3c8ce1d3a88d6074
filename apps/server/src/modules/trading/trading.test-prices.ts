import { api, senToDecimal } from '@kabuto/contract';
import { isLoopbackHost } from '../../platform/config';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { fromThisMachine } from '../../platform/this-machine';
import { marketOf } from '../market';
import { quoteFromFeed } from './trading.quotes';
import { tradingOf } from './trading.service';

/**
 * Whether this server may offer the test price path: asked for (TEST_PRICE_PATH=on), on the embedded database
 * and a loopback address. The configuration already refuses the flag otherwise; this checks again what the
 * server actually runs on, so a context built another way (a test harness, a future entry point) cannot
 * open it on PostgreSQL or on a public address.
 */
export const offersTestPrices = (ctx: AppContext) =>
  ctx.config.testPricePath &&
  ctx.dbKind === 'pglite' &&
  ctx.config.databaseUrl === null &&
  isLoopbackHost(ctx.config.host);

/**
 * POST /api/test/quotes (docs/decisions/test-price-path.md): a price of an instrument into the engine, as bid,
 * ask and last, with the feed's session phase, the way a market tick arrives, so end-to-end tests can drive a
 * position through its liquidation level. The day's limits are widened to the price when it lies outside them
 * (a test path may go further than one day's band). The next simulator tick of the code moves the price on;
 * what the engine did meanwhile (a forced close) stays done. Absent unless offersTestPrices.
 */
export function testPriceRoutes(ctx: AppContext) {
  if (!offersTestPrices(ctx)) return [];
  return [
    route(api.system.testQuote, async ({ body, request }) => {
      if (!fromThisMachine(ctx, request)) throw fail('NOT_FOUND');
      const market = marketOf(ctx);
      const feedQuote = quoteFromFeed(await market.feed(), market.clock, body.code, ctx.clock.now());
      if (!feedQuote) throw fail('INSTRUMENT_NOT_FOUND');
      const price = body.price;
      const events = await tradingOf(ctx).applyQuote({
        ...feedQuote,
        bid: price,
        ask: price,
        last: price,
        limitUp: feedQuote.limitUp > price ? feedQuote.limitUp : price,
        limitDown: feedQuote.limitDown < price ? feedQuote.limitDown : price,
      });
      return { code: body.code, price: senToDecimal(price), events: events.length };
    }),
  ];
}
