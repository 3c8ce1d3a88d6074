import { formatPrice } from '@kabuto/contract';
import { directionOf, toneClass } from '../../../lib/price-tone';
import { Button, Toast } from 'antd-mobile';
import type { Order } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { useLocation, useNavigate } from 'react-router';
import { LiveNotice } from '../../../components/market/LiveNotice';
import { DelayedLoading } from '../../../components/ui/DelayedLoading';
import { LOGIN_PATH } from '../../../lib/paths';
import { useIsLoggedIn } from '../../../lib/session-store';
import { useLiveQuotes } from '../api/trading';
import { useInstrument } from '../../../lib/market-data';
import { useBoard } from '../../../lib/board';
import { DetailSheet } from '../components/DetailSheet';
import { SimulatedLabel } from '../components/SimulatedLabel';
import { withSign } from '../../../lib/format';
import { bandOf } from '../lib/prices';
import { instrumentWithCode } from '../lib/labels';
import { DEFAULT_LEVERAGES, OrderForm, type MarketFacts } from './OrderForm';
import { BestPrices } from './BestPrices';

export interface OrderPanelProps {
  /** The securities code of the stock ("7203"). */
  code: string;
  /** Which button opened it: 買い (long) or 売り (short). */
  side: 'long' | 'short';
  visible: boolean;
  onClose: () => void;
  /** After an order is placed, instead of closing: where to go next (the Trade tab). */
  onPlaced?: (order: Order) => void;
  /** The leverages the firm offers; the engine's default set (1x, 2x, 3x) until the server names them. */
  leverages?: readonly number[];
  /** Opens the investor's positions (to close one held on the other side). */
  onOpenPositions?: () => void;
}

/**
 * The order panel the stock page opens from its buy and sell buttons: a bottom sheet with the stock's last
 * price, its best ask and bid (what a market order meets), and the order form; visitors are asked to log in first.
 */
export function OrderPanel({
  code,
  side,
  visible,
  onClose,
  onPlaced,
  leverages,
  onOpenPositions,
}: OrderPanelProps) {
  const { t, i18n } = useTradeTranslation();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const instrument = useInstrument(visible ? code : '');
  const quotes = useLiveQuotes(visible ? [code] : []);
  const quote = quotes.data?.get(code);
  const board = useBoard(code, visible);
  const label = instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, code);
  const maxLeverage = instrument.data?.maxLeverage ?? null;
  const market: MarketFacts | null =
    quote && instrument.data
      ? {
          last: quote.last,
          board: board.data,
          topix500: instrument.data.topix500,
          band: bandOf(quote),
        }
      : null;

  return (
    <DetailSheet
      title={t('trade:panelTitle', { instrument: label })}
      visible={visible}
      onClose={onClose}
      testId="order-panel"
      pageFrame
    >
      <LiveNotice asOf={quotes.asOf} />
      {quote && (
        <div className="kb-trade-quote" data-testid="order-quote">
          <span className="kb-muted">{t('trade:lastPrice')}</span>
          <strong className={toneClass(quote.change)} data-testid="order-last">
            {formatPrice(quote.last)}
          </strong>
          <span className={toneClass(quote.change)}>
            {withSign(formatPrice(quote.change))} ({withSign(quote.changePercent)}%)
            <span className="kb-visually-hidden">{t(`trade:direction.${directionOf(quote.change)}`)}</span>
          </span>
          {quote.simulated && <SimulatedLabel />}
        </div>
      )}
      {quote && board.data && <BestPrices board={board.data} />}
      {!loggedIn ? (
        <div className="kb-actions" data-testid="order-guest">
          <p className="kb-muted" style={{ margin: 0 }}>
            {t('trade:guestText')}
          </p>
          <Button
            color="primary"
            block
            onClick={() => navigate(LOGIN_PATH, { state: { from: location.pathname + location.search } })}
            data-testid="order-guest-login"
          >
            {t('trade:guestLogin')}
          </Button>
        </div>
      ) : instrument.isPending || quotes.isPending ? (
        <DelayedLoading />
      ) : instrument.data?.halted || quote?.halted ? (
        <p className="kb-actions kb-field-error" role="alert" data-testid="order-halted">
          {t('errors:INSTRUMENT_HALTED')}
        </p>
      ) : (
        <OrderForm
          // A link to another stock or side (the address changing under an open page) starts a fresh order.
          key={`${code}:${side}`}
          code={code}
          initialSide={side}
          instrumentLabel={label}
          market={market}
          leverages={(leverages ?? DEFAULT_LEVERAGES).filter(
            (leverage) => maxLeverage === null || leverage <= maxLeverage,
          )}
          instrumentMaxLeverage={maxLeverage}
          shortable={instrument.data?.shortable ?? true}
          onOpenPositions={onOpenPositions}
          onPlaced={(order) => {
            Toast.show({
              // With its number, as a broker's 注文受付 says it: the Trade tab then shows the order or its position.
              content: t(order.status === 'filled' ? 'trade:placedFilled' : 'trade:placedResting', {
                id: order.id,
              }),
            });
            // One way out: the page's own (to the Trade tab), else the panel closes. Both would race: a page's
            // close goes back in history, which lands after the Trade tab is opened and returns to the stock.
            if (onPlaced) onPlaced(order);
            else onClose();
          }}
        />
      )}
    </DetailSheet>
  );
}
