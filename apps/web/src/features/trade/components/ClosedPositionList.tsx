import { withSign, yen } from '../../../lib/format';
import { toneClass } from '../../../lib/price-tone';
import { formatJst, formatPrice, type Position } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { usePositions } from '../api/trading';
import { positionNumberOf, quantityText } from '../lib/labels';
import { InstrumentLabel, PartTag, SideTag } from './InstrumentLabel';
import { ListStates } from './ListStates';

/**
 * Closed positions with their realised P&L after fees and interest, newest first; lots closed by 一部返済 tagged so,
 * under the number of the position they came from.
 */
export function ClosedPositionList({ onOpen }: { onOpen: (position: Position) => void }) {
  const { t } = useTradeTranslation();
  const list = usePositions('closed');
  const positions = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <p className="kb-trade-note kb-trade-list-note" data-testid="closed-position-note">
        {t('trade:netPnlNote')}
      </p>
      <ListStates
        list={list}
        count={positions.length}
        empty={t('trade:empty.closedPositions')}
        testId="closed-position-list"
      >
        {positions.map((position) => (
          <li key={position.id}>
            <button
              type="button"
              className="kb-trade-row"
              onClick={() => onOpen(position)}
              data-testid="closed-position-row"
            >
              <span className="kb-trade-row-head">
                <span>
                  <SideTag side={position.side} />
                  {position.partOf !== null && <PartTag />}
                  <InstrumentLabel code={position.code} />
                </span>
                <strong className={toneClass(position.netPnl)} data-testid="closed-position-pnl">
                  {position.netPnl ? withSign(yen(position.netPnl)) : '—'}
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
                <span>
                  {t('trade:entryPrice')} {formatPrice(position.entryPrice)} <span aria-hidden>→</span>{' '}
                  <span className="kb-visually-hidden">{t('trade:exitPrice')}</span>
                  {position.exitPrice ? formatPrice(position.exitPrice) : '—'}
                </span>
              </span>
              <span className="kb-trade-row-meta">
                <span>
                  {position.closeReason && (
                    <>
                      <span data-testid="closed-position-reason">
                        {t(`trade:closeReason.${position.closeReason}`)}
                      </span>
                      {t('common:separator')}
                    </>
                  )}
                  <span className="kb-nowrap" data-testid="closed-position-number">
                    {t('trade:positionNumber', { id: positionNumberOf(position) })}
                  </span>
                </span>
                <span>
                  {position.closedAt && t('trade:rowAt.closed', { at: formatJst(position.closedAt) })}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ListStates>
    </>
  );
}
