import { api } from '@kabuto/contract';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import { route } from '../../platform/routes';
import { registerPrivateChannel } from '../realtime';
import { findUserPosition, ordersPage, positionsPage, tradeHistoryPage } from './trading.repository';
import { tradingOf } from './trading.service';
import {
  accountView,
  closePreviewView,
  orderView,
  positionView,
  previewView,
  withdrawnCloseView,
} from './trading.views';

/** What the `orders` and `positions` channels send: the user's open ones, as the list endpoints show them. */
const LIVE_PAGE = { pageSize: 100 };

export function tradingRoutes(ctx: AppContext) {
  const trading = tradingOf(ctx);
  // Registered once per module, not per app: each read uses the app context of the connection's node.
  registerPrivateChannel('orders', async (node, userId) => ({
    items: (await ordersPage(node.db, userId, 'open', LIVE_PAGE)).items.map(orderView),
  }));
  registerPrivateChannel('positions', async (node, userId) => ({
    items: (await positionsPage(node.db, userId, 'open', LIVE_PAGE)).items.map((row) =>
      positionView(row, tradingOf(node).markOf(row.code)),
    ),
  }));
  return [
    route(api.trading.placeOrder, async ({ actor, body, idempotencyKey }) =>
      orderView(await trading.placeOrder(actor, body, idempotencyKey)),
    ),
    route(api.trading.previewOrder, async ({ actor, body }) => {
      const { preview, validity } = await trading.previewOrder(actor.userId, body);
      return previewView(preview, validity);
    }),
    route(api.trading.orders, async ({ actor, query }) => {
      const page = await ordersPage(ctx.db, actor.userId, query.status, query);
      return { nextCursor: page.nextCursor, items: page.items.map(orderView) };
    }),
    route(api.trading.history, async ({ actor, query }) => {
      const page = await tradeHistoryPage(ctx.db, actor.userId, query);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((line) => {
          if (line.kind === 'order')
            return { kind: line.kind, at: line.order.created_at.toISOString(), order: orderView(line.order) };
          if (line.kind === 'close')
            return {
              kind: line.kind,
              at: line.position.closed_at!.toISOString(),
              position: positionView(line.position, null),
            };
          return {
            kind: line.kind,
            at: line.close.requested_at.toISOString(),
            close: withdrawnCloseView(line.close),
            position: positionView(line.position, null),
          };
        }),
      };
    }),
    route(api.trading.amendOrder, async ({ actor, params, body, idempotencyKey }) =>
      orderView(await trading.amendOrder(actor, params.id, body, idempotencyKey)),
    ),
    route(api.trading.previewAmendment, async ({ actor, params, body }) => {
      const { preview, validity } = await trading.previewAmendment(actor.userId, params.id, body);
      return previewView(preview, validity);
    }),
    route(api.trading.cancelOrder, async ({ actor, params }) =>
      orderView(await trading.cancelOrder(actor, params.id)),
    ),
    route(api.trading.positions, async ({ actor, query }) => {
      const page = await positionsPage(ctx.db, actor.userId, query.status, query);
      return {
        nextCursor: page.nextCursor,
        items: page.items.map((row) => positionView(row, trading.markOf(row.code))),
      };
    }),
    route(api.trading.position, async ({ actor, params }) => {
      const row = await findUserPosition(ctx.db, actor.userId, params.id);
      if (!row) throw fail('POSITION_NOT_FOUND');
      return positionView(row, trading.markOf(row.code));
    }),
    route(api.trading.cancelClose, async ({ actor, params }) => {
      const row = await trading.cancelClose(actor, params.id);
      return positionView(row, trading.markOf(row.code));
    }),
    route(api.trading.closePosition, async ({ actor, params, body, idempotencyKey }) => {
      const row = await trading.closePosition(actor, params.id, body, idempotencyKey);
      return positionView(row, trading.markOf(row.code));
    }),
    route(api.trading.previewClose, async ({ actor, params, body }) =>
      closePreviewView(await trading.previewClose(actor.userId, params.id, body)),
    ),
    route(api.trading.setTakeProfitStopLoss, async ({ actor, params, body }) => {
      const row = await trading.setTakeProfitStopLoss(actor, params.id, body);
      return positionView(row, trading.markOf(row.code));
    }),
    route(api.trading.account, async ({ actor }) => {
      const { view, config } = await trading.accountWithRules(actor.userId);
      return accountView(view, config);
    }),
  ];
}
