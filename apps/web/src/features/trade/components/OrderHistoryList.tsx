import { formatJst, formatPrice, type Order, type Position, type TradeHistoryItem } from '@kabuto/contract';
import type { TFunction } from 'i18next';
import { useTradeTranslation } from '../lib/texts';
import { useTradeHistory } from '../api/trading';
import { orderStatusText, quantityText } from '../lib/labels';
import { InstrumentLabel, TradeTag } from './InstrumentLabel';
import { ListStates } from './ListStates';
import { orderPriceText } from './OrderList';
import {
  withdrawnCloseReasonText,
  withdrawnCloseStatusText,
  type WithdrawnCloseLine,
} from './WithdrawnCloseDetail';

/** The reason a history line names: not the investor's own cancel (the usual one), nor expiry (its status). */
const shownCancelReason = (order: Order) =>
  order.cancelReason === 'user' || order.cancelReason === 'expired' ? null : order.cancelReason;

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
          <OrderLine key={`order-${line.order.id}`} line={line} onOpen={onOpenOrder} />
        ) : line.kind === 'close' ? (
          <CloseLine key={`close-${line.position.id}`} line={line} onOpen={onOpenPosition} />
        ) : (
          <WithdrawnCloseRow key={`withdrawn-${line.close.id}`} line={line} onOpen={onOpenWithdrawnClose} />
        ),
      )}
    </ListStates>
  );
}

function OrderLine({ line, onOpen }: { line: LineOf<'order'>; onOpen: (order: Order) => void }) {
  const { t } = useTradeTranslation();
  const reason = shownCancelReason(line.order);
  return (
    <li>
      <button
        type="button"
        className="kb-trade-row"
        onClick={() => onOpen(line.order)}
        data-testid="order-row"
      >
        <span className="kb-trade-row-head">
          <span>
            <TradeTag kind="open" side={line.order.side} />
            <InstrumentLabel code={line.order.code} />
          </span>
          <span data-testid="order-status">{orderStatusText(t, line.order)}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {quantityText(t, line.order.lots)}
            {t('common:separator')}
            <span className="kb-nowrap">{t('trade:leverageValue', { leverage: line.order.leverage })}</span>
          </span>
          <span>{orderPriceText(t, line.order)}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {/* Why an order went that the investor did not cancel (訂正, 余力不足, 強制決済); 期限切れ is its status. */}
            {reason && (
              <>
                <span data-testid="order-cancel-reason">{t(`trade:cancelReason.${reason}`)}</span>
                {t('common:separator')}
              </>
            )}
            <span className="kb-nowrap">{t('trade:orderNumber', { id: line.order.id })}</span>
          </span>
          <span>{formatJst(line.at)}</span>
        </span>
      </button>
    </li>
  );
}

function CloseLine({ line, onOpen }: { line: LineOf<'close'>; onOpen: (position: Position) => void }) {
  const { t } = useTradeTranslation();
  return (
    <li>
      <button
        type="button"
        className="kb-trade-row"
        onClick={() => onOpen(line.position)}
        data-testid="close-row"
      >
        <span className="kb-trade-row-head">
          <span>
            <TradeTag kind="close" side={line.position.side} />
            <InstrumentLabel code={line.position.code} />
          </span>
          {/* A close is listed once filled: its status in the same place as an order's, its reason below. */}
          <span data-testid="close-status">{t('trade:orderStatus.filled')}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {quantityText(t, line.position.lots)}
            {t('common:separator')}
            <span className="kb-nowrap">
              {t('trade:leverageValue', { leverage: line.position.leverage })}
            </span>
          </span>
          <span data-testid="close-price">{closePriceText(t, line.position)}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {line.position.closeReason && (
              <>
                <span data-testid="close-reason">{t(`trade:closeReason.${line.position.closeReason}`)}</span>
                {t('common:separator')}
              </>
            )}
            <span className="kb-nowrap">{t('trade:positionNumber', { id: line.position.id })}</span>
          </span>
          <span>{formatJst(line.at)}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * A 返済指値 that went without filling, at the time it was placed: 取消済み, or 期限切れによる失効 as an expired
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
    <li>
      <button
        type="button"
        className="kb-trade-row"
        onClick={() => onOpen(line)}
        data-testid="withdrawn-close-row"
      >
        <span className="kb-trade-row-head">
          <span>
            <TradeTag kind="close" side={position.side} />
            <InstrumentLabel code={position.code} />
          </span>
          <span data-testid="withdrawn-close-status">{withdrawnCloseStatusText(t, close)}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {quantityText(t, position.lots)}
            {t('common:separator')}
            <span className="kb-nowrap">{t('trade:leverageValue', { leverage: position.leverage })}</span>
          </span>
          <span>{t('trade:limitAt', { price: formatPrice(close.price) })}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {shownReason && (
              <>
                <span data-testid="withdrawn-close-reason">{withdrawnCloseReasonText(t, close)}</span>
                {t('common:separator')}
              </>
            )}
            <span className="kb-nowrap">{t('trade:positionNumber', { id: position.id })}</span>
          </span>
          <span>{formatJst(line.at)}</span>
        </span>
      </button>
    </li>
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
