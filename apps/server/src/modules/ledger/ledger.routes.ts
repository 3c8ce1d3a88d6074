import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { route } from '../../platform/routes';
import { balancesCached } from './ledger.service';
import { balancesView, entriesCsv, entriesPage, type TradesOfReferences } from './ledger.view';

export function ledgerRoutes(ctx: AppContext, tradesOf: TradesOfReferences) {
  return [
    route(api.ledger.balances, async ({ actor }) => balancesView(await balancesCached(ctx, actor.userId))),
    route(api.ledger.entries, ({ actor, query }) => entriesPage(ctx.db, actor.userId, query, tradesOf)),
    route(api.ledger.entriesCsv, ({ actor, query, request }) =>
      entriesCsv(ctx.db, actor.userId, query, request.lang, tradesOf),
    ),
  ];
}
