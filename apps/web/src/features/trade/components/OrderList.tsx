import { formatPrice } from '@kabuto/contract';
import { formatJst, type Order, type OrderValidity, type Position } from '@kabuto/contract';
import type { TFunction } from 'i18next';

import { useTradeTranslation } from '../lib/texts';
import { useOrders } from '../api/trading';
import type { OrderFilter } from '../api/keys';
import { dateText } from '../../../lib/format';
import { orderStatusText, positionStatusText, quantityText, restingCloseOf } from '../lib/labels';
import { InstrumentLabel, TradeTag } from './InstrumentLabel';
import { ListStates } from './ListStates';
import { TradeRow } from './TradeRow';

/** "指値 2,790.00" / "成行"; a filled order also shows its fill price. */
export function orderPriceText(t: TFunction, order: Order): string {
  const base = order.price ? t('trade:limitAt', { price: formatPrice(order.price) }) : t('trade:type.market');
  return order.fillPrice
    ? `${base}${t('common:separator')}${t('trade:filledAt', { price: formatPrice(order.fillPrice) })}`
    : base;
}

/**
 * Resting orders (open) or filled and cancelled ones (history). With `closes`, the open list starts with the
 * closing orders still waiting (返済: a resting limit, or a market close for the next auction), as a broker's
 * 注文照会 lists them; each opens its position.
 */
export function OrderList({
  status,
  onOpen,
  closes = [],
  onOpenPosition,
}: {
  status: OrderFilter;
  onOpen: (order: Order) => void;
  closes?: readonly Position[];
  onOpenPosition?: (position: Position) => void;
}) {
  const { t } = useTradeTranslation();
  const list = useOrders(status);
  const orders = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ListStates
      list={list}
      count={orders.length + closes.length}
      empty={t(status === 'open' ? 'trade:empty.orders' : 'trade:empty.orderHistory')}
      testId={`order-list-${status}`}
    >
      {closes.map((position) => (
        <li key={`close-${position.id}`}>
          <button
            type="button"
            className="kb-trade-row"
            onClick={() => onOpenPosition?.(position)}
            data-testid="waiting-close-row"
          >
            <span className="kb-trade-row-head">
              <span>
                <TradeTag kind="close" side={position.side} />
                <InstrumentLabel code={position.code} />
              </span>
              <span data-testid="waiting-close-status">{positionStatusText(t, position)}</span>
            </span>
            <span className="kb-trade-row-meta">
              <span>
                {quantityText(t, position.lots)}
                {t('common:separator')}
                <span className="kb-nowrap">{t('trade:leverageValue', { leverage: position.leverage })}</span>
              </span>
              <span data-testid="waiting-close-price">
                {position.closeLimit
                  ? t('trade:limitAt', { price: formatPrice(position.closeLimit) })
                  : t('trade:type.market')}
              </span>
            </span>
            <RestingCloseValidity position={position} />
            <span className="kb-trade-row-meta">
              <span>
                <span className="kb-nowrap">{t('trade:positionNumber', { id: position.id })}</span>
              </span>
              {position.closeRequestedAt && (
                <span data-testid="waiting-close-time">{formatJst(position.closeRequestedAt)}</span>
              )}
            </span>
          </button>
        </li>
      ))}
      {orders.map((order) => (
        <TradeRow
          key={order.id}
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
              <ValidityRow
                validity={order.validity}
                validUntil={order.validUntil}
                testId="order-valid-until"
              />
            )
          }
          number={t('trade:orderNumber', { id: order.id })}
          at={formatJst(order.createdAt)}
        />
      ))}
    </ListStates>
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
