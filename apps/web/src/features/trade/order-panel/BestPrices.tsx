import { formatPrice, type Board } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';

/**
 * 売気配 and 買気配 under the last price: what a market buy and a market sell meet now. A side with no orders
 * (stop high, stop low) shows a dash.
 */
export function BestPrices({ board }: { board: Pick<Board, 'asks' | 'bids'> }) {
  const { t } = useTradeTranslation();
  const best = (levels: Board['asks']) => (levels[0] ? formatPrice(levels[0].price) : '—');
  return (
    <div className="kb-trade-best" data-testid="order-best">
      <span>
        <span className="kb-muted">{t('trade:bestAsk')}</span>{' '}
        <strong data-testid="order-ask">{best(board.asks)}</strong>
      </span>
      <span>
        <span className="kb-muted">{t('trade:bestBid')}</span>{' '}
        <strong data-testid="order-bid">{best(board.bids)}</strong>
      </span>
    </div>
  );
}
