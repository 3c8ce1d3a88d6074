import { formatPrice, type Order, type Position, type TradeHistoryItem } from '@kabuto/contract';
import type { TFunction } from 'i18next';
import { useTradeTranslation } from '../lib/texts';
import { useTradeHistory } from '../api/trading';
import { ListStates } from './ListStates';
import { OrderRow } from './OrderList';
import { TradeRow } from './TradeRow';
import { positionNumberOf } from '../lib/labels';
import {
  withdrawnCloseReasonText,
  withdrawnCloseStatusText,
  type WithdrawnCloseLine,
} from './WithdrawnCloseDetail';

type LineOf<K extends TradeHistoryItem['kind']> = Extract<TradeHistoryItem, { kind: K }>;

/**
 * 注文履歴: orders to open (新規) once filled or cancelled, each close (返済: by you, take-profit, stop-loss or
 * forced) with its time, price, shares and reason, and each limit close (返済指値) that went without filling; a
 * close opens its position's detail.
 */
export function OrderHistoryList({
  onOpenOrder,
  onOpenPosition,
  onOpenWithdrawnClose,
}: {
  onOpenOrder: (order: Order) => void;
  onOpenPosition: (position: Position) => void;
  onOpenWithdrawnClose: (line: WithdrawnCloseLine) => void;
}) {
  const { t } = useTradeTranslation();
  const list = useTradeHistory();
  const lines: TradeHistoryItem[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ListStates
      list={list}
      count={lines.length}
      empty={t('trade:empty.orderHistory')}
      testId="order-history-list"
    >
      {lines.map((line) =>
        line.kind === 'order' ? (
          <OrderRow key={`order-${line.order.id}`} order={line.order} onOpen={onOpenOrder} />
        ) : line.kind === 'close' ? (
          <CloseLine key={`close-${line.position.id}`} line={line} onOpen={onOpenPosition} />
        ) : (
          <WithdrawnCloseRow key={`withdrawn-${line.close.id}`} line={line} onOpen={onOpenWithdrawnClose} />
        ),
      )}
    </ListStates>
  );
}

function CloseLine({ line, onOpen }: { line: LineOf<'close'>; onOpen: (position: Position) => void }) {
  const { t } = useTradeTranslation();
  const { position } = line;
  return (
    <TradeRow
      testId="close-row"
      onOpen={() => onOpen(position)}
      kind="close"
      side={position.side}
      code={position.code}
      // A close is listed once filled: its status in the same place as an order's, its reason below.
      status={t('trade:orderStatus.filled')}
      statusTestId="close-status"
      lots={position.lots}
      leverage={position.leverage}
      price={closePriceText(t, position)}
      priceTestId="close-price"
      reason={position.closeReason && t(`trade:closeReason.${position.closeReason}`)}
      reasonTestId="close-reason"
      // Lots closed by 一部返済 go by the number of the position they came from.
      number={t('trade:positionNumber', { id: positionNumberOf(position) })}
      part={position.partOf !== null}
      at={{ kind: 'filled', time: line.at }}
    />
  );
}

/**
 * A 返済指値 that went without filling, at the time it was placed: 取消済み, or 期限切れ as an expired
 * order says it; below, what withdrew it when it was not the investor's own 取消. It opens its own 注文照会.
 */
function WithdrawnCloseRow({
  line,
  onOpen,
}: {
  line: LineOf<'withdrawn-close'>;
  onOpen: (line: WithdrawnCloseLine) => void;
}) {
  const { t } = useTradeTranslation();
  const { close, position } = line;
  const shownReason = close.reason !== 'user' && close.reason !== 'expired';
  return (
    <TradeRow
      testId="withdrawn-close-row"
      onOpen={() => onOpen(line)}
      kind="close"
      side={position.side}
      code={position.code}
      status={withdrawnCloseStatusText(t, close)}
      statusTestId="withdrawn-close-status"
      // The shares the close was for (fewer than the position's for 一部返済), not the position's now.
      lots={close.lots}
      leverage={position.leverage}
      price={close.price ? t('trade:limitAt', { price: formatPrice(close.price) }) : t('trade:type.market')}
      reason={shownReason ? withdrawnCloseReasonText(t, close) : null}
      reasonTestId="withdrawn-close-reason"
      number={t('trade:positionNumber', { id: position.id })}
      at={{ kind: 'placed', time: line.at }}
    />
  );
}

/**
 * How a close filled, as an order's line says it: 指値 2,900円 ・ 約定 2,905円 or 成行 ・ 約定 …. A take-profit,
 * stop-loss or forced close shows only its fill; its reason is on the line below.
 */
function closePriceText(t: TFunction, position: Position): string {
  if (!position.exitPrice) return '';
  const filled = t('trade:filledAt', { price: formatPrice(position.exitPrice) });
  if (position.closeReason !== 'user') return filled;
  const how = position.closeLimit
    ? t('trade:limitAt', { price: formatPrice(position.closeLimit) })
    : t('trade:type.market');
  return `${how}${t('common:separator')}${filled}`;
}
