import { withSign, yen } from '../../../lib/format';
import { toneClass } from '../../../lib/price-tone';
import { formatJst, formatPrice, type Position } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import type { TradeSnapshot } from '../api/snapshot';
import { pnlPercentOf } from '../lib/figures';
import { partialCloseLotsOf, positionStatusText, quantityText } from '../lib/labels';
import { InstrumentLabel, SideTag } from './InstrumentLabel';
import { ListStates } from './ListStates';

/** Open positions with their P&L at the snapshot's quotes (the ones the account's header adds up). */
export function PositionList({
  snapshot,
  onOpen,
}: {
  snapshot: TradeSnapshot;
  onOpen: (position: Position) => void;
}) {
  const { t } = useTradeTranslation();
  return (
    <ListStates
      list={snapshot.positions}
      count={snapshot.rows.length}
      empty={t('trade:empty.positions')}
      testId="position-list"
    >
      {snapshot.rows.map(({ position, price, pnl }) => {
        const partialLots = partialCloseLotsOf(position);
        const percent = pnl ? pnlPercentOf(pnl, position.margin) : null;
        return (
          <li key={position.id}>
            <button
              type="button"
              className="kb-trade-row"
              onClick={() => onOpen(position)}
              data-testid="position-row"
            >
              <span className="kb-trade-row-head">
                <span>
                  <SideTag side={position.side} />
                  <InstrumentLabel code={position.code} />
                </span>
                <strong className={toneClass(pnl)} data-testid="position-pnl">
                  {pnl ? withSign(yen(pnl)) : '—'}
                </strong>
              </span>
              <span className="kb-trade-row-meta">
                <span>
                  {quantityText(t, position.lots)}
                  {t('common:separator')}
                  <span className="kb-nowrap">
                    {t('trade:leverageValue', { leverage: position.leverage })}
                  </span>
                </span>
                {/* 評価損益's share of the margin, as the position's own screen gives it. */}
                <span className={toneClass(pnl)} data-testid="position-pnl-percent">
                  {percent ? t('trade:pnlPercent', { percent: withSign(percent) }) : ''}
                </span>
              </span>
              {/* 建単価 and 現在値 each with its name, as a broker's 建玉一覧 prints them. */}
              <span className="kb-trade-row-meta" data-testid="position-row-prices">
                <span>
                  {t('trade:entryPrice')} {formatPrice(position.entryPrice)}
                </span>
                <span data-testid="position-row-last">
                  {t('trade:lastPrice')} {price ? formatPrice(price) : '—'}
                </span>
              </span>
              {(position.takeProfit || position.stopLoss) && (
                // The exits set on the position, seen without opening it, as a broker's 建玉一覧 shows them.
                <span className="kb-trade-row-meta" data-testid="position-row-targets">
                  <span>
                    {t('trade:takeProfit')}{' '}
                    {position.takeProfit ? formatPrice(position.takeProfit) : t('trade:none')}
                  </span>
                  <span>
                    {t('trade:stopLoss')}{' '}
                    {position.stopLoss ? formatPrice(position.stopLoss) : t('trade:none')}
                  </span>
                </span>
              )}
              <span className="kb-trade-row-meta">
                <span>
                  {positionStatusText(t, position)}
                  {t('common:separator')}
                  <span className="kb-nowrap" data-testid="position-row-number">
                    {t('trade:positionNumber', { id: position.id })}
                  </span>
                </span>
                <span>{t('trade:rowAt.opened', { at: formatJst(position.openedAt) })}</span>
              </span>
              {partialLots !== null && (
                // 一部返済: the close waits for fewer shares than the row's, which it says under its status.
                <span className="kb-trade-row-meta">
                  <span data-testid="position-row-close-lots">
                    {t('trade:closeOrderLots')} {quantityText(t, partialLots)}
                  </span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ListStates>
  );
}
