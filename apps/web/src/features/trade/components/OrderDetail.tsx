import { formatPrice } from '@kabuto/contract';
import type { ReactNode } from 'react';
import { Button, Toast } from 'antd-mobile';
import { decimalToSen, formatJst, senToDecimal, type Order } from '@kabuto/contract';

import { useTradeTranslation } from '../lib/texts';
import { yen } from '../../../lib/format';
import { useCancelOrder, useInstrument } from '../api/trading';
import { instrumentWithCode, orderStatusText, quantityText, validUntilText } from '../lib/labels';
import { DetailSheet, Figures } from './DetailSheet';
import { InstrumentLabel } from './InstrumentLabel';
import { confirmOnScreen } from '../../../components/ui/confirm-on-screen';

/** 注文照会: one order, with 取消 (after a confirmation) while it rests. */
export function OrderDetail({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t, i18n } = useTradeTranslation();
  const cancel = useCancelOrder();
  const instrument = useInstrument(order?.code ?? '');
  if (!order) return null;
  const instrumentText = instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, order.code);
  const optional = (value: string | null) => (value ? formatPrice(value) : t('trade:none'));
  const rows: [string, string, ReactNode][] = [
    ['number', t('trade:orderNumberLabel'), order.id],
    ['instrument', t('trade:instrument'), <InstrumentLabel code={order.code} key="i" />],
    ['side', t('trade:sideLabel'), t(`trade:side.${order.side}`)],
    ['type', t('trade:typeLabel'), t(`trade:type.${order.type}`)],
    ['price', t('trade:orderPrice'), order.price ? formatPrice(order.price) : t('trade:type.market')],
    ['lots', t('trade:lots'), quantityText(t, order.lots)],
    ['leverage', t('trade:leverage'), t('trade:leverageValue', { leverage: order.leverage })],
    ['take-profit', t('trade:takeProfit'), optional(order.takeProfit)],
    ['stop-loss', t('trade:stopLoss'), optional(order.stopLoss)],
    ['validity', t('trade:validityLabel'), t(`trade:validity.${order.validity}`)],
    ['valid-until', t('trade:validUntil'), validUntilText(order.validUntil)],
    ['status', t('trade:status'), orderStatusText(t, order)],
  ];
  if (order.status === 'open') {
    rows.push([
      'held',
      t('trade:heldForOrder'),
      yen(senToDecimal((decimalToSen(order.heldMargin) ?? 0n) + (decimalToSen(order.heldFee) ?? 0n))),
    ]);
  }
  if (order.fillPrice) rows.push(['fill', t('trade:fillPrice'), formatPrice(order.fillPrice)]);
  // An expired order's status already says 期限切れ.
  if (order.cancelReason && order.cancelReason !== 'expired')
    rows.push(['reason', t('trade:cancelReasonLabel'), t(`trade:cancelReason.${order.cancelReason}`)]);
  rows.push(['created', t('trade:orderedAt'), formatJst(order.createdAt)]);
  rows.push(['updated', t('trade:updatedAt'), formatJst(order.updatedAt)]);

  const confirmCancel = () => {
    void confirmOnScreen({
      title: t('trade:cancelConfirmTitle'),
      'aria-label': t('trade:cancelConfirmTitle'),
      // The order named as the investor placed it, not by its number alone: which stock, which side, how many
      // and at what price. Plain texts: the dialog is drawn outside this screen's providers.
      content: (
        <div data-testid="cancel-confirm">
          <p style={{ margin: '0 0 8px', lineHeight: 1.7 }}>{t('trade:cancelConfirmText')}</p>
          <Figures
            rows={[
              ['instrument', t('trade:instrument'), instrumentText],
              ['side', t('trade:sideLabel'), t(`trade:side.${order.side}`)],
              ['lots', t('trade:lots'), quantityText(t, order.lots)],
              [
                'price',
                t('trade:orderPrice'),
                order.price
                  ? t('trade:orderPriceText.limit', { price: formatPrice(order.price) })
                  : t('trade:orderPriceText.market'),
              ],
              ['number', t('trade:orderNumberLabel'), order.id],
            ]}
            testId="cancel-confirm-figures"
          />
        </div>
      ),
      confirmText: t('trade:cancelSend'),
      cancelText: t('trade:keepOrder'),
      onConfirm: () =>
        cancel
          .mutateAsync(order.id)
          .then(() => {
            Toast.show({ content: t('trade:cancelled') });
            onClose();
          })
          .catch(() => undefined),
    });
  };

  return (
    <DetailSheet title={t('trade:orderTitle')} visible onClose={onClose} testId="order-detail">
      <Figures rows={rows} testId="order-figures" />
      {order.status === 'open' && (
        <div className="kb-actions">
          <Button
            color="danger"
            fill="outline"
            size="large"
            block
            onClick={confirmCancel}
            data-testid="order-cancel"
          >
            {t('trade:cancelAction')}
          </Button>
        </div>
      )}
    </DetailSheet>
  );
}
