import { api, PRICE_ALERT_MAX, senToDecimal } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { instrumentView, type InstrumentRow } from '../market';
import { alertsPage, countWaitingAlerts } from './alerts.repository';
import type { PriceAlertRow } from './alerts.table';
import { createAlert, removeAlert } from './alerts.service';

const alertView = (row: Omit<PriceAlertRow, 'user_id' | 'code'>, instrument: InstrumentRow) => ({
  id: row.id.toString(),
  code: instrument.code,
  instrument: instrumentView(instrument),
  direction: row.direction,
  price: senToDecimal(row.price),
  createdAt: new Date(row.created_at).toISOString(),
  triggeredAt: row.triggered_at === null ? null : new Date(row.triggered_at).toISOString(),
  triggeredPrice: row.triggered_price === null ? null : senToDecimal(row.triggered_price),
});

export function alertRoutes(ctx: AppContext) {
  return [
    route(api.alerts.list, async ({ actor, query }) => {
      const page = await alertsPage(ctx.db, actor.userId, ctx.clock.now(), query);
      return {
        ...page,
        items: page.items.map((row) => alertView(row, row)),
        waiting: await countWaitingAlerts(ctx.db, actor.userId),
        max: PRICE_ALERT_MAX,
      };
    }),
    route(api.alerts.create, async ({ actor, body }) => {
      const { row, instrument } = await createAlert(ctx, actor, body);
      return alertView(row, instrument);
    }),
    route(api.alerts.remove, async ({ actor, params }) => {
      if (!(await removeAlert(ctx, actor, params.id))) throw fail('PRICE_ALERT_NOT_FOUND');
      return { removed: true as const };
    }),
  ];
}
