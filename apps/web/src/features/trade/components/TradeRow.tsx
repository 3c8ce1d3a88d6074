import type { ReactNode } from 'react';
import { formatJst } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { quantityText } from '../lib/labels';
import { InstrumentLabel, PartTag, TradeTag } from './InstrumentLabel';

/**
 * One line of 注文中 or 注文履歴: the tag and the stock with the status, shares and leverage with the price, what
 * else the line says, then the reason (when one is named) with the order's or position's number, and the time,
 * named: when it was placed (注文), or for a close listed once filled, when it filled (約定).
 */
export function TradeRow({
  testId,
  onOpen,
  kind,
  side,
  code,
  status,
  statusTestId,
  lots,
  leverage,
  price,
  priceTestId,
  extra,
  reason,
  reasonTestId,
  number,
  part = false,
  at,
  atTestId,
}: {
  testId: string;
  onOpen: () => void;
  kind: 'open' | 'close';
  side: 'long' | 'short';
  code: string;
  status: ReactNode;
  statusTestId: string;
  lots: number;
  leverage: number;
  price: ReactNode;
  priceTestId?: string;
  extra?: ReactNode;
  reason?: string | null;
  reasonTestId?: string;
  number: string;
  /** Lots closed by 一部返済 (tagged so; `number` is then the position they came from). */
  part?: boolean;
  /** When it was placed or filled (an ISO time); null: no time to show. */
  at: { kind: 'placed' | 'filled'; time: string } | null;
  atTestId?: string;
}) {
  const { t } = useTradeTranslation();
  return (
    <li>
      <button type="button" className="kb-trade-row" onClick={onOpen} data-testid={testId}>
        <span className="kb-trade-row-head">
          <span>
            <TradeTag kind={kind} side={side} />
            {part && <PartTag />}
            <InstrumentLabel code={code} />
          </span>
          <span data-testid={statusTestId}>{status}</span>
        </span>
        <span className="kb-trade-row-meta">
          <span>
            {quantityText(t, lots)}
            {t('common:separator')}
            <span className="kb-nowrap">{t('trade:leverageValue', { leverage })}</span>
          </span>
          <span data-testid={priceTestId}>{price}</span>
        </span>
        {extra}
        <span className="kb-trade-row-meta">
          <span>
            {reason && (
              <>
                <span data-testid={reasonTestId}>{reason}</span>
                {t('common:separator')}
              </>
            )}
            <span className="kb-nowrap">{number}</span>
          </span>
          {at !== null && (
            <span data-testid={atTestId}>{t(`trade:rowAt.${at.kind}`, { at: formatJst(at.time) })}</span>
          )}
        </span>
      </button>
    </li>
  );
}
