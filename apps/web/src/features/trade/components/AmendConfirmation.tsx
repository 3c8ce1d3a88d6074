import { decimalToSen, groupThousands, type Order, type OrderPreviewView } from '@kabuto/contract';
import { SHARES_PER_LOT } from '@kabuto/market-rules';

import { yen } from '../../../lib/format';
import type { AmendRequest } from '../api/keys';
import { amendmentChanges, heldOf } from '../lib/amend';
import { liquidationNoteText, orderSideText, priceText, validityText } from '../lib/labels';
import { useTradeTranslation } from '../lib/texts';
import { ChangesTable, type ChangeRow } from './ChangesTable';
import { SimulatedLabel } from './SimulatedLabel';

interface AmendConfirmationProps {
  order: Order;
  amendment: AmendRequest;
  preview: OrderPreviewView;
  instrumentLabel: string;
}

/**
 * What the investor confirms before a 訂正: the order's kept terms, its price and lots before and after, and the
 * server's figures for the amended order (what it holds in place of the old order's hold).
 */
export function AmendConfirmation({ order, amendment, preview, instrumentLabel }: AmendConfirmationProps) {
  const { t } = useTradeTranslation();
  const lots = Number(amendment.lots);
  const changed = amendmentChanges(order, decimalToSen(amendment.price) ?? 0n, lots);
  const price = (value: string) => priceText(t, value);
  const shares = (count: number) =>
    t('trade:amend.sharesValue', { shares: groupThousands(String(count * SHARES_PER_LOT)) });
  const kept: [string, string, string][] = [
    ['instrument', t('trade:instrument'), instrumentLabel],
    ['side', t('trade:sideLabel'), orderSideText(t, order.side, order.leverage)],
    ['leverage', t('trade:leverage'), t('trade:leverageValue', { leverage: order.leverage })],
    ['validity', t('trade:validityLabel'), validityText(t, preview.validity, preview.validUntil)],
  ];
  if (order.takeProfit) kept.push(['take-profit', t('trade:takeProfit'), price(order.takeProfit)]);
  if (order.stopLoss) kept.push(['stop-loss', t('trade:stopLoss'), price(order.stopLoss)]);
  const changes: ChangeRow[] = [
    [
      'price',
      t('trade:orderPrice'),
      order.price ? price(order.price) : '—',
      price(amendment.price),
      changed.price,
    ],
    ['lots', t('trade:lots'), shares(order.lots), shares(lots), changed.lots],
  ];
  const figures: [string, string, string][] = [
    // A price the market is already through fills at once, at the market: the figures are at that price.
    ...(preview.fillsNow
      ? [['fill-price', t('trade:amend.fillPrice'), price(preview.price)] as [string, string, string]]
      : []),
    ['notional', t('trade:estimatedNotional'), yen(preview.notional)],
    ['margin', t('trade:margin'), yen(preview.margin)],
    ['fee', t('trade:fee'), yen(preview.fee)],
    ['total', t('trade:total'), yen(preview.total)],
    [
      'liquidation',
      t('trade:liquidationPrice'),
      preview.estimatedLiquidationPrice ? price(preview.estimatedLiquidationPrice) : t('trade:noLiquidation'),
    ],
  ];
  return (
    <div data-testid="amend-confirm">
      <dl className="kb-trade-figures">
        {kept.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`amend-confirm-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <ChangesTable
        caption={t('trade:amend.changesCaption')}
        beforeLabel={t('trade:amend.before')}
        afterLabel={t('trade:amend.after')}
        rows={changes}
        testId="amend-confirm"
      />
      <dl className="kb-trade-figures" style={{ marginTop: 8 }}>
        {figures.map(([id, label, value]) => (
          <div key={id} className={id === 'total' ? 'kb-trade-figure-total' : undefined}>
            <dt>{label}</dt>
            <dd data-testid={`amend-confirm-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="kb-trade-note" data-testid="amend-confirm-note">
        {t(preview.fillsNow ? 'trade:amend.confirmNoteFillsNow' : 'trade:amend.confirmNote', {
          held: yen(heldOf(order)),
        })}
      </p>
      <p className="kb-trade-note" data-testid="amend-confirm-liquidation-note">
        {liquidationNoteText(t, preview.liquidationOnRise)}
      </p>
      <p className="kb-muted" style={{ margin: '8px 0 0', lineHeight: 1.6 }}>
        <SimulatedLabel />{' '}
        <span data-testid="amend-confirm-fill-note">
          {preview.fillsNow
            ? // A buy meets the ask, a sell the bid.
              t('trade:amend.fillsNowNote', {
                basis: t(`trade:targetSide.basis.${order.side === 'long' ? 'ask' : 'bid'}`),
              })
            : t('trade:confirmLimitNote')}
        </span>
      </p>
    </div>
  );
}
