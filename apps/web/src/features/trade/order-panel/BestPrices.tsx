import { SHARES_PER_LOT } from '@kabuto/market-rules';
import { formatPrice, type Board } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';

type Level = Board['asks'][number];

/**
 * 売気配 and 買気配 under the last price, each with the shares offered there: what a market buy and a market sell
 * meet now. A side with no orders (stop high, stop low) shows a dash.
 */
export function BestPrices({ board }: { board: Pick<Board, 'asks' | 'bids'> }) {
  const { t } = useTradeTranslation();
  const best = (level: Level | undefined, testId: string) =>
    level ? (
      <>
        <strong data-testid={testId}>{formatPrice(level.price)}</strong>
        <span className="kb-muted">
          {t('trade:bestShares', { shares: (level.lots * SHARES_PER_LOT).toLocaleString('en-US') })}
        </span>
      </>
    ) : (
      <strong data-testid={testId}>—</strong>
    );
  return (
    <div className="kb-trade-best" data-testid="order-best">
      <span>
        <span className="kb-muted">{t('trade:bestAsk')}</span> {best(board.asks[0], 'order-ask')}
      </span>
      <span>
        <span className="kb-muted">{t('trade:bestBid')}</span> {best(board.bids[0], 'order-bid')}
      </span>
    </div>
  );
}
