import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { formatJst, type Position, type WithdrawnClose } from '@kabuto/contract';
import type { TFunction } from 'i18next';
import { useTradeTranslation } from '../lib/texts';
import { dateText } from '../../../lib/format';
import { priceText, quantityText } from '../lib/labels';
import { DetailSheet, Figures } from './DetailSheet';
import { InstrumentLabel } from './InstrumentLabel';

export interface WithdrawnCloseLine {
  close: WithdrawnClose;
  position: Position;
}

/** 取消済み, or 期限切れ as an expired order's status says it. */
export const withdrawnCloseStatusText = (t: TFunction, close: WithdrawnClose) =>
  close.reason === 'expired' ? t('trade:cancelReason.expired') : t('trade:orderStatus.cancelled');

/** What withdrew it, in the words an order's 取消理由 uses: a 訂正 of the close, or a close that came first. */
export function withdrawnCloseReasonText(t: TFunction, close: WithdrawnClose): string {
  switch (close.reason) {
    case 'user':
    case 'expired':
      return t(`trade:cancelReason.${close.reason}`);
    case 'replaced':
      return t('trade:cancelReason.amended');
    default:
      return t(`trade:withdrawnCloseReason.${close.reason}`);
  }
}

/**
 * 注文照会 of a 返済 that did not fill: the order as it was (a 返済指値's price, 期間 and 期限; a 成行 waiting for the
 * auction has none), when it was placed and when it went, and why. Its position is one tap away, since the
 * position may since have a newer close.
 */
export function WithdrawnCloseDetail({
  line,
  onClose,
  onOpenPosition,
}: {
  line: WithdrawnCloseLine | null;
  onClose: () => void;
  onOpenPosition: (position: Position) => void;
}) {
  const { t } = useTradeTranslation();
  if (!line) return null;
  const { close, position } = line;
  const rows: [string, string, ReactNode][] = [
    ['instrument', t('trade:instrument'), <InstrumentLabel code={position.code} key="i" />],
    ['side', t('trade:sideLabel'), t(`trade:historyTag.close.${position.side}`)],
    ['type', t('trade:typeLabel'), t(close.price ? 'trade:type.limit' : 'trade:type.market')],
  ];
  if (close.price) rows.push(['price', t('trade:orderPrice'), priceText(t, close.price)]);
  rows.push(['lots', t('trade:lots'), quantityText(t, close.lots)]);
  if (close.validity && close.validUntil)
    rows.push(
      ['validity', t('trade:validityLabel'), t(`trade:validity.${close.validity}`)],
      ['valid-until', t('trade:validUntil'), dateText(t, close.validUntil)],
    );
  rows.push(['status', t('trade:status'), withdrawnCloseStatusText(t, close)]);
  // An expired close's status already says 期限切れ.
  if (close.reason !== 'expired')
    rows.push(['reason', t('trade:cancelReasonLabel'), withdrawnCloseReasonText(t, close)]);
  rows.push(
    ['position', t('trade:positionNumberLabel'), position.id],
    ['created', t('trade:orderedAt'), formatJst(close.requestedAt)],
    [
      'withdrawn',
      t(close.reason === 'expired' ? 'trade:expiredAt' : 'trade:cancelledAt'),
      formatJst(close.withdrawnAt),
    ],
  );
  return (
    <DetailSheet title={t('trade:orderTitle')} visible onClose={onClose} testId="withdrawn-close-detail">
      <Figures rows={rows} testId="withdrawn-close-figures" />
      <div className="kb-actions">
        <Button
          color="primary"
          fill="outline"
          size="large"
          block
          onClick={() => {
            onClose();
            onOpenPosition(position);
          }}
          data-testid="withdrawn-close-position"
        >
          {t('trade:viewPosition')}
        </Button>
      </div>
    </DetailSheet>
  );
}
