import type { ReactNode } from 'react';
import { formatPrice, isMarginTrade } from '@kabuto/contract';
import type { OrderPreviewView } from '@kabuto/contract';

import { useTradeTranslation } from '../lib/texts';
import { yen } from '../../../lib/format';
import type { OrderRequest } from '../api/keys';
import { SimulatedLabel } from '../components/SimulatedLabel';
import { HeldOppositeConfirmNote } from './HeldOppositeNote';
import {
  dailyChargeFigure,
  liquidationNoteText,
  notionalLabel,
  orderSideText,
  orderTypeText,
  quantityText,
  validityText,
  weekEndsTodayText,
} from '../lib/labels';

interface OrderConfirmationProps {
  order: OrderRequest;
  preview: OrderPreviewView;
  instrumentLabel: string;
}

/** What the investor confirms: the order as it will be sent and the server's figures for it. */
export function OrderConfirmation({ order, preview, instrumentLabel }: OrderConfirmationProps) {
  const { t } = useTradeTranslation();
  const rows: [string, string, string][] = [
    ['instrument', t('trade:instrument'), instrumentLabel],
    ['side', t('trade:sideLabel'), orderSideText(t, order.side, order.leverage)],
    ['type', t('trade:typeLabel'), orderTypeText(t, order, preview)],
    ['lots', t('trade:lots'), quantityText(t, Number(order.lots))],
    ['leverage', t('trade:leverage'), t('trade:leverageValue', { leverage: order.leverage })],
    ['validity', t('trade:validityLabel'), validityText(t, preview.validity, preview.validUntil)],
  ];
  // 弁済期限 is a margin trade's (信用取引): a 1x buy borrows nothing to repay.
  if (isMarginTrade(order.side, Number(order.leverage)))
    rows.push(['repayment-due', t('trade:repaymentDueLabel'), t('trade:repaymentDue')]);
  const price = (value: string) => t('trade:priceYen', { price: formatPrice(value) });
  const dailyCharge = dailyChargeFigure(t, preview.dailyCharge);
  const weekNote = weekEndsTodayText(t, preview.validity, preview.validUntil);
  if (order.takeProfit) rows.push(['take-profit', t('trade:takeProfit'), price(order.takeProfit)]);
  if (order.stopLoss) rows.push(['stop-loss', t('trade:stopLoss'), price(order.stopLoss)]);
  const figures: [string, string, ReactNode][] = [
    // Not yet traded: the price a market order fills at, or a limit order's better price, may differ.
    ['notional', notionalLabel(t, order, preview), yen(preview.notional)],
    ['margin', t('trade:margin'), yen(preview.margin)],
    ['fee', t('trade:fee'), yen(preview.fee)],
    [
      'daily-charge',
      dailyCharge.label,
      dailyCharge.lines.map((line) => (
        <span key={line} className="kb-trade-figure-line">
          {line}
        </span>
      )),
    ],
    ['total', t('trade:total'), yen(preview.total)],
    [
      'liquidation',
      t('trade:liquidationPrice'),
      preview.estimatedLiquidationPrice ? price(preview.estimatedLiquidationPrice) : t('trade:noLiquidation'),
    ],
  ];
  return (
    <div data-testid="order-confirm">
      <dl className="kb-trade-figures">
        {rows.map(([id, label, value]) => (
          <div key={id}>
            <dt>{label}</dt>
            <dd data-testid={`order-confirm-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      <HeldOppositeConfirmNote code={order.code} side={order.side} />
      {weekNote && (
        <p className="kb-trade-note" data-testid="order-confirm-week-ends-today">
          {weekNote}
        </p>
      )}
      <dl className="kb-trade-figures" style={{ marginTop: 8 }}>
        {figures.map(([id, label, value]) => (
          <div key={id} className={id === 'total' ? 'kb-trade-figure-total' : undefined}>
            <dt>{label}</dt>
            <dd data-testid={`order-confirm-${id}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {preview.dailyCharge && (
        <p className="kb-trade-note" data-testid="order-confirm-daily-charge-note">
          {t(`trade:dailyCharge.note.${preview.dailyCharge.kind}`)}
        </p>
      )}
      <p className="kb-trade-note" data-testid="order-confirm-liquidation-note">
        {liquidationNoteText(t, preview.liquidationOnRise)}
      </p>
      <p className="kb-muted" style={{ margin: '8px 0 0', lineHeight: 1.6 }}>
        <SimulatedLabel />{' '}
        {order.type === 'market'
          ? preview.fillsNow
            ? t('trade:confirmMarketNote')
            : t('trade:confirmNextSession')
          : t('trade:confirmLimitNote')}
      </p>
    </div>
  );
}
