import { formatPrice } from '@kabuto/contract';
import { useState, type ReactNode } from 'react';
import { Button, Toast } from 'antd-mobile';
import { formatJst, type Order } from '@kabuto/contract';

import { useLayer } from '../../../lib/layers';
import { useTradeTranslation } from '../lib/texts';
import { dateText, yen } from '../../../lib/format';
import { useCancelOrder } from '../api/trading';
import { useInstrument } from '../../../lib/market-data';
import { heldOf, isAmendable } from '../lib/amend';
import {
  instrumentWithCode,
  orderSideText,
  orderStatusText,
  priceText,
  quantityText,
  validityText,
} from '../lib/labels';
import { AmendOrderForm } from './AmendOrderForm';
import { DetailSheet, Figures } from './DetailSheet';
import { InstrumentLabel } from './InstrumentLabel';
import { confirmCancellation } from './confirm-cancellation';

type Step = 'detail' | 'amend';

/** 注文照会: one order, with 訂正 (a limit order) and 取消 (after a confirmation) while it rests. */
export function OrderDetail({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t, i18n } = useTradeTranslation();
  const [step, setStep] = useState<Step>('detail');
  // Back (or Escape) on a form within the sheet returns to the detail, with the next press the sheet closes.
  useLayer(step !== 'detail', () => setStep('detail'));
  const cancel = useCancelOrder();
  const instrument = useInstrument(order?.code ?? '');
  const hide = () => {
    setStep('detail');
    onClose();
  };
  if (!order) return null;
  const instrumentText = instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, order.code);
  const optional = (value: string | null) => (value ? priceText(t, value) : t('trade:none'));
  const rows: [string, string, ReactNode][] = [
    ['number', t('trade:orderNumberLabel'), order.id],
    ['instrument', t('trade:instrument'), <InstrumentLabel code={order.code} key="i" />],
    ['side', t('trade:sideLabel'), orderSideText(t, order.side, order.leverage)],
    ['type', t('trade:typeLabel'), t(`trade:type.${order.type}`)],
    ['price', t('trade:orderPrice'), order.price ? priceText(t, order.price) : t('trade:type.market')],
    ['lots', t('trade:lots'), quantityText(t, order.lots)],
    ['leverage', t('trade:leverage'), t('trade:leverageValue', { leverage: order.leverage })],
    ['take-profit', t('trade:takeProfit'), optional(order.takeProfit)],
    ['stop-loss', t('trade:stopLoss'), optional(order.stopLoss)],
    ['validity', t('trade:validityLabel'), t(`trade:validity.${order.validity}`)],
    ['valid-until', t('trade:validUntil'), dateText(t, order.validUntil)],
    ['status', t('trade:status'), orderStatusText(t, order)],
  ];
  if (order.status === 'open') {
    rows.push(['held', t('trade:heldForOrder'), yen(heldOf(order))]);
  }
  if (order.fillPrice) rows.push(['fill', t('trade:fillPrice'), priceText(t, order.fillPrice)]);
  // An expired order's status already says 期限切れ.
  if (order.cancelReason && order.cancelReason !== 'expired')
    rows.push(['reason', t('trade:cancelReasonLabel'), t(`trade:cancelReason.${order.cancelReason}`)]);
  // A 訂正's new order names the one it replaced (listed in the history as cancelled by the amendment), and
  // the replaced one names its replacement.
  if (order.amendsOrderId) rows.push(['amends', t('trade:amend.amendsOrder'), order.amendsOrderId]);
  if (order.amendedByOrderId)
    rows.push(['amended-by', t('trade:amend.amendedByOrder'), order.amendedByOrderId]);
  rows.push(['created', t('trade:orderedAt'), formatJst(order.createdAt)]);
  rows.push(['updated', t('trade:updatedAt'), formatJst(order.updatedAt)]);

  const confirmCancel = () =>
    confirmCancellation(t, {
      title: t('trade:cancelConfirmTitle'),
      text: t('trade:cancelConfirmText'),
      rows: [
        ['instrument', t('trade:instrument'), instrumentText],
        ['side', t('trade:sideLabel'), orderSideText(t, order.side, order.leverage)],
        ['lots', t('trade:lots'), quantityText(t, order.lots)],
        [
          'price',
          t('trade:orderPrice'),
          order.price
            ? t('trade:orderPriceText.limit', { price: formatPrice(order.price) })
            : t('trade:orderPriceText.market'),
        ],
        ['validity', t('trade:validityLabel'), validityText(t, order.validity, order.validUntil)],
        ['number', t('trade:orderNumberLabel'), order.id],
      ],
      testId: 'cancel-confirm',
      send: () => cancel.mutateAsync(order.id),
      done: t('trade:cancelled'),
      after: hide,
    });

  const amended = (replacement: Order) => {
    Toast.show({
      content: t(replacement.status === 'filled' ? 'trade:amend.doneFilled' : 'trade:amend.done'),
    });
    hide();
  };

  return (
    <DetailSheet
      title={step === 'amend' ? t('trade:amend.title') : t('trade:orderTitle')}
      visible
      onClose={hide}
      testId="order-detail"
    >
      {step === 'detail' && (
        <>
          <Figures rows={rows} testId="order-figures" />
          {order.status === 'open' && (
            // 訂正 and 取消 side by side, as brokers place them; a market order waiting for the opening has 取消 only.
            <div className="kb-actions kb-trade-order-actions">
              {isAmendable(order) && (
                <Button
                  color="primary"
                  fill="outline"
                  size="large"
                  block
                  onClick={() => setStep('amend')}
                  data-testid="order-amend"
                >
                  {t('trade:amend.action')}
                </Button>
              )}
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
        </>
      )}
      {step === 'amend' && <AmendOrderForm order={order} onDone={amended} />}
    </DetailSheet>
  );
}
