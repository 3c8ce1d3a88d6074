import { withSign, yen } from '../../../lib/format';
import { toneClass } from '../../../lib/price-tone';
import { formatJst, formatPrice, type Position } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { usePositions } from '../api/trading';
import { quantityText } from '../lib/labels';
import { InstrumentLabel, SideTag } from './InstrumentLabel';
import { ListStates } from './ListStates';

/** Closed positions with their realised P&L after fees and interest, newest first. */
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
                <span data-testid="closed-position-reason">
                  {position.closeReason ? t(`trade:closeReason.${position.closeReason}`) : ''}
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
