import { memo } from 'react';
import type { Board } from '@kabuto/contract';
import { useMarketTranslation } from '../../../lib/market-texts';
import { formatCount, formatPrice } from '../../../lib/market-format';
import { toneClass } from '../../../lib/price-tone';

/** Shares in a lot: the board counts lots, the screen shows shares as Japanese boards do. */
const LOT_SHARES = 100;

/**
 * The five best offers above the five best bids (板), the nearest prices meeting in the middle; each price
 * coloured against the previous close, as the quote is.
 */
export const OrderBook = memo(function OrderBook({
  board,
  previousClose,
}: {
  board: Board;
  previousClose: string | undefined;
}) {
  const { t } = useMarketTranslation();
  const shares = (lots: number) => formatCount(String(lots * LOT_SHARES));
  const priceClass = (price: string) =>
    previousClose === undefined ? '' : toneClass(String(Number(price) - Number(previousClose)));
  return (
    <section className="kb-section" data-testid="order-book">
      <h2>{t('market:board')}</h2>
      {board.limitState !== 'normal' && (
        <p className={board.limitState === 'stop-high' ? 'kb-tone-up' : 'kb-tone-down'}>
          {t(board.limitState === 'stop-high' ? 'market:boardStopHigh' : 'market:boardStopLow')}
        </p>
      )}
      <table className="kb-board">
        <thead>
          <tr>
            <th scope="col">{t('market:askShares')}</th>
            <th scope="col">{t('market:price')}</th>
            <th scope="col">{t('market:bidShares')}</th>
          </tr>
        </thead>
        <tbody>
          {[...board.asks].reverse().map((level) => (
            <tr key={`ask-${level.price}`} className="kb-board-ask" data-testid="board-ask">
              <td>{shares(level.lots)}</td>
              <td className={priceClass(level.price)}>{formatPrice(level.price)}</td>
              <td />
            </tr>
          ))}
          {board.bids.map((level) => (
            <tr key={`bid-${level.price}`} className="kb-board-bid" data-testid="board-bid">
              <td />
              <td className={priceClass(level.price)}>{formatPrice(level.price)}</td>
              <td>{shares(level.lots)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
});
