import { formatPrice, type Order, type OrderValidity, type Position } from '@kabuto/contract';
import type { TFunction } from 'i18next';

import { useTradeTranslation } from '../lib/texts';
import { useOrders } from '../api/trading';
import type { OrderFilter } from '../api/keys';
import { dateText } from '../../../lib/format';
import {
  closingLotsOf,
  orderStatusText,
  partialCloseLotsOf,
  positionStatusText,
  quantityText,
  restingCloseOf,
  targetTriggerText,
  waitingExits,
} from '../lib/labels';
import { ListStates } from './ListStates';
import { TradeRow } from './TradeRow';

/** "指値 2,790.00" / "成行"; a filled order also shows its fill price. */
function orderPriceText(t: TFunction, order: Order): string {
  const base = order.price ? t('trade:limitAt', { price: formatPrice(order.price) }) : t('trade:type.market');
  return order.fillPrice
    ? `${base}${t('common:separator')}${t('trade:filledAt', { price: formatPrice(order.fillPrice) })}`
    : base;
}

/**
 * Resting orders (open) or filled and cancelled ones (history). With `positions` (the open ones), the open list
 * starts with what waits to close them, as a broker's 注文照会 lists it, each position's lines together
 * (waitingExits): its 返済 still waiting, then its take-profit and stop-loss while armed; each opens its position.
 */
export function OrderList({
  status,
  onOpen,
  positions = [],
  onOpenPosition,
}: {
  status: OrderFilter;
  onOpen: (order: Order) => void;
  positions?: readonly Position[];
  onOpenPosition?: (position: Position) => void;
}) {
  const { t } = useTradeTranslation();
  const list = useOrders(status);
  const orders = list.data?.pages.flatMap((page) => page.items) ?? [];
  const exits = waitingExits(positions);
  return (
    <ListStates
      list={list}
      count={orders.length + exits.length}
      empty={t(status === 'open' ? 'trade:empty.orders' : 'trade:empty.orderHistory')}
      testId={`order-list-${status}`}
    >
      {exits.map(({ kind, position }) => {
        const open = () => onOpenPosition?.(position);
        return kind === 'close' ? (
          <WaitingCloseRow key={`close-${position.id}`} position={position} onOpen={open} />
        ) : (
          <ArmedTargetsRow key={`armed-${position.id}`} position={position} onOpen={open} />
        );
      })}
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} onOpen={onOpen} />
      ))}
    </ListStates>
  );
}

/** The reason an order's line names: not the investor's own cancel (the usual one), nor expiry (its status). */
const shownCancelReason = (order: Order) =>
  order.cancelReason === 'user' || order.cancelReason === 'expired' ? null : order.cancelReason;

/**
 * An order to open as 注文中 and 注文履歴 list it: a resting one with its 期限 and 期間, a cancelled one with why it
 * went when the investor did not cancel it (訂正, 余力不足, 強制決済); 期限切れ is its status.
 */
export function OrderRow({ order, onOpen }: { order: Order; onOpen: (order: Order) => void }) {
  const { t } = useTradeTranslation();
  const reason = shownCancelReason(order);
  return (
    <TradeRow
      testId="order-row"
      onOpen={() => onOpen(order)}
      kind="open"
      side={order.side}
      code={order.code}
      status={orderStatusText(t, order)}
      statusTestId="order-status"
      lots={order.lots}
      leverage={order.leverage}
      price={orderPriceText(t, order)}
      extra={
        order.status === 'open' && (
          <ValidityRow validity={order.validity} validUntil={order.validUntil} testId="order-valid-until" />
        )
      }
      reason={reason && t(`trade:cancelReason.${reason}`)}
      reasonTestId="order-cancel-reason"
      number={t('trade:orderNumber', { id: order.id })}
      at={{ kind: 'placed', time: order.createdAt }}
    />
  );
}

/**
 * A 返済 still waiting: a resting limit with its 期間, or a market close for the next auction; the shares it closes,
 * and for 一部返済 the shares held beside them.
 */
function WaitingCloseRow({ position, onOpen }: { position: Position; onOpen: () => void }) {
  const { t } = useTradeTranslation();
  const partial = partialCloseLotsOf(position) !== null;
  return (
    <TradeRow
      testId="waiting-close-row"
      onOpen={onOpen}
      kind="close"
      side={position.side}
      code={position.code}
      status={positionStatusText(t, position)}
      statusTestId="waiting-close-status"
      lots={closingLotsOf(position) ?? position.lots}
      leverage={position.leverage}
      price={
        position.closeLimit
          ? t('trade:limitAt', { price: formatPrice(position.closeLimit) })
          : t('trade:type.market')
      }
      priceTestId="waiting-close-price"
      extra={
        <>
          {partial && (
            <span className="kb-trade-row-meta">
              <span data-testid="waiting-close-held">
                {t('trade:heldOf', { quantity: quantityText(t, position.lots) })}
              </span>
            </span>
          )}
          <RestingCloseValidity position={position} />
        </>
      }
      number={t('trade:positionNumber', { id: position.id })}
      at={position.closeRequestedAt ? { kind: 'placed', time: position.closeRequestedAt } : null}
      atTestId="waiting-close-time"
    />
  );
}

/**
 * A position's take-profit and stop-loss while armed, as one 返済 that waits for its price: 「利益確定 3,100円以上」
 * and 「損切り 2,600円以下」 for a long, each on a line of its own below the shares (in French or Spanish one
 * beside them would push them onto two lines).
 */
function ArmedTargetsRow({ position, onOpen }: { position: Position; onOpen: () => void }) {
  const { t } = useTradeTranslation();
  const triggers = (
    [
      ['takeProfit', position.takeProfit, 'target-take-profit'],
      ['stopLoss', position.stopLoss, 'target-stop-loss'],
    ] as const
  )
    .filter(([, price]) => price !== null)
    .map(([target, price, testId]) => (
      <span key={testId} className="kb-trade-row-meta">
        <span />
        <span data-testid={testId}>{targetTriggerText(t, position.side, target, price!)}</span>
      </span>
    ));
  return (
    <TradeRow
      testId="armed-targets-row"
      onOpen={onOpen}
      kind="close"
      side={position.side}
      code={position.code}
      status={t('trade:targetStatus')}
      statusTestId="armed-targets-status"
      lots={position.lots}
      leverage={position.leverage}
      price={null}
      extra={triggers}
      number={t('trade:positionNumber', { id: position.id })}
      at={null}
    />
  );
}

/** A waiting limit close's 期間, below its price as a resting order shows its own. */
function RestingCloseValidity({ position }: { position: Position }) {
  const resting = restingCloseOf(position);
  if (!resting) return null;
  return (
    <ValidityRow
      validity={resting.validity}
      validUntil={resting.validUntil}
      testId="waiting-close-valid-until"
    />
  );
}

/** 期限 2026/11/27(金) ・ 今週中: a resting order's or close's last date and 期間, as a row of the list. */
function ValidityRow({
  validity,
  validUntil,
  testId,
}: {
  validity: OrderValidity;
  validUntil: string;
  testId: string;
}) {
  const { t } = useTradeTranslation();
  return (
    <span className="kb-trade-row-meta">
      <span data-testid={testId}>
        {t('trade:validUntil')} {dateText(t, validUntil)}
      </span>
      <span>{t(`trade:validity.${validity}`)}</span>
    </span>
  );
}
