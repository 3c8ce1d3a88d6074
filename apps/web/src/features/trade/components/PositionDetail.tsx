import { toneClass } from '../../../lib/price-tone';
import { useState, type ReactNode } from 'react';
import { Button, Toast } from 'antd-mobile';
import { formatJst, type Position } from '@kabuto/contract';
import { useLayer } from '../../../lib/layers';
import { useTradeTranslation } from '../lib/texts';
import { withSign, yen } from '../../../lib/format';
import { useCancelClose, useLiveQuotes, usePosition } from '../api/trading';
import { useInstrument } from '../../../lib/market-data';
import { livePnl, showsInterest } from '../lib/figures';
import {
  closeOutcome,
  closingLotsOf,
  instrumentWithCode,
  partialCloseLotsOf,
  pnlText,
  positionNumberOf,
  positionSideText,
  positionStatusText,
  priceText,
  quantityText,
  restingCloseOf,
  validityText,
} from '../lib/labels';
import { ClosePositionForm } from './ClosePositionForm';
import { confirmCancellation } from './confirm-cancellation';
import { DetailSheet, Figures } from './DetailSheet';
import { InstrumentLabel, PartTag } from './InstrumentLabel';
import { SimulatedLabel } from './SimulatedLabel';
import { TargetsForm } from './TargetsForm';

type Step = 'detail' | 'close' | 'targets';

/**
 * 建玉照会: one position's figures, with 返済 (close) and the TP/SL change while it is held, and the change or
 * withdrawal of its resting limit close.
 */
export function PositionDetail({
  position: listed,
  onClose,
}: {
  position: Position | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTradeTranslation();
  const [step, setStep] = useState<Step>('detail');
  // Back (or Escape) on a form within the sheet returns to the detail, with the next press the sheet closes.
  useLayer(step !== 'detail', () => setStep('detail'));
  const cancelClose = useCancelClose();
  const fresh = usePosition(listed?.id ?? null);
  const position = fresh.data ?? listed;
  const instrument = useInstrument(position?.code ?? '');
  const quote = useLiveQuotes(position && position.status !== 'closed' ? [position.code] : []).data?.get(
    position?.code ?? '',
  );
  const hide = () => {
    setStep('detail');
    onClose();
  };
  if (!position) return null;
  const instrumentText = instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, position.code);

  const { price, pnl } = livePnl(position, quote?.last);
  const closed = position.status === 'closed';
  const optional = (value: string | null) => (value ? priceText(t, value) : t('trade:none'));
  type Row = [string, string, ReactNode, string?];
  const pnlRow: Row = [
    'pnl',
    closed ? t('trade:realisedPnl') : t('trade:unrealisedPnl'),
    pnlText(t, pnl, position.margin),
    toneClass(pnl),
  ];
  const fee: Row = ['fee', t('trade:openFee'), yen(position.openFee)];
  // 累計 while the position is open (it grows each day); a closed one's is what it cost in all.
  const interest: Row[] = showsInterest(position, position.interest)
    ? [
        [
          'interest',
          closed ? t(`trade:interestTotal.${position.side}`) : t(`trade:interest.${position.side}`),
          yen(position.interest),
        ],
      ]
    : [];
  const rows: Row[] = [
    ['instrument', t('trade:instrument'), <InstrumentLabel code={position.code} key="i" />],
  ];
  // A closed position leads with what it left the investor (実現損益, after every cost), then how that came
  // about: the gain on the price and each cost taken from it, one under the other.
  if (closed) {
    rows.push(pnlRow);
    if (position.realisedPnl)
      rows.push([
        'gross-pnl',
        t('trade:grossPnl'),
        withSign(yen(position.realisedPnl)),
        toneClass(position.realisedPnl),
      ]);
    rows.push(fee);
    if (position.closeFee) rows.push(['close-fee', t('trade:closeFee'), yen(position.closeFee)]);
    rows.push(...interest);
  }
  rows.push(
    // A position is held long or short (買建 / 売建); 新規買 names the order that opened it.
    ['side', t('trade:sideLabel'), positionSideText(t, position.side, position.leverage)],
    ['status', t('trade:status'), positionStatusText(t, position)],
    // 建株数 while held; a closed one's is what it closed.
    ['lots', t(closed ? 'trade:lots' : 'trade:positionLots'), quantityText(t, position.lots)],
  );
  // 一部返済 waiting: how many of the shares held its close covers.
  const partialLots = partialCloseLotsOf(position);
  if (partialLots !== null)
    rows.push(['close-lots', t('trade:closeOrderLots'), quantityText(t, partialLots)]);
  rows.push(
    ['leverage', t('trade:leverage'), t('trade:leverageValue', { leverage: position.leverage })],
    ['entry', t('trade:entryPrice'), priceText(t, position.entryPrice)],
    ['price', closed ? t('trade:exitPrice') : t('trade:lastPrice'), price ? priceText(t, price) : '—'],
  );
  if (!closed) rows.push(pnlRow);
  // A closed position holds no margin any more: what it held is named so (its P&L % is of that).
  rows.push([
    'margin',
    t(closed ? 'trade:positionMarginHeld' : 'trade:positionMargin'),
    yen(position.margin),
  ]);
  if (!closed) rows.push(fee, ...interest);
  // Lots closed by 一部返済 had the targets of the position they came from, which keeps them.
  if (!position.partOf)
    rows.push(
      ['take-profit', t('trade:takeProfit'), optional(position.takeProfit)],
      ['stop-loss', t('trade:stopLoss'), optional(position.stopLoss)],
    );
  if (position.closeLimit)
    rows.push(['close-limit', t('trade:closeLimit'), priceText(t, position.closeLimit)]);
  const resting = restingCloseOf(position);
  if (resting)
    rows.push([
      'close-validity',
      t('trade:closeValidityLabel'),
      validityText(t, resting.validity, resting.validUntil),
    ]);
  if (position.closeReason)
    rows.push(['reason', t('trade:closeReasonLabel'), t(`trade:closeReason.${position.closeReason}`)]);
  // The number 注文中 and 注文履歴 name the position by: lots closed by 一部返済 go by the one they came from.
  rows.push([
    'number',
    t('trade:positionNumberLabel'),
    <>
      {position.partOf && <PartTag />}
      {positionNumberOf(position)}
    </>,
  ]);
  rows.push(['opened', t('trade:openedAt'), formatJst(position.openedAt)]);
  if (position.closedAt) rows.push(['closed', t('trade:closedAt'), formatJst(position.closedAt)]);

  const changing = position.status === 'limit-closing';
  const title =
    step === 'close'
      ? t(changing ? 'trade:closeChangeTitle' : 'trade:closeTitle')
      : step === 'targets'
        ? t('trade:targetsTitle')
        : position.status === 'closed'
          ? t('trade:closedPositionTitle')
          : t('trade:positionTitle');
  const confirmCancelClose = (open: Position, limit: string) =>
    confirmCancellation(t, {
      title: t('trade:closeCancelTitle'),
      text: t('trade:closeCancelText'),
      rows: [
        ['instrument', t('trade:instrument'), instrumentText],
        // What the order being withdrawn does: 返済売 for a long, 返済買 for a short.
        ['side', t('trade:sideLabel'), t(`trade:historyTag.close.${open.side}`)],
        // The shares the withdrawn close was for, fewer than held for 一部返済.
        ['lots', t('trade:lots'), quantityText(t, closingLotsOf(open) ?? open.lots)],
        ['close-limit', t('trade:closeLimit'), priceText(t, limit)],
        ...(resting
          ? [
              [
                // In the 返済注文 dialog, 期間 alone is the close's.
                'close-validity',
                t('trade:validityLabel'),
                validityText(t, resting.validity, resting.validUntil),
              ] as [string, string, string],
            ]
          : []),
      ],
      testId: 'close-cancel',
      send: () => cancelClose.mutateAsync(open.id),
      done: t('trade:closeCancelled'),
    });
  const done = (message: string) => () => {
    Toast.show({ content: message });
    setStep('detail');
  };
  return (
    <DetailSheet title={title} visible onClose={hide} testId="position-detail">
      {step === 'detail' && (
        <>
          <Figures rows={rows} testId="position-figures" />
          {closed ? (
            <p className="kb-trade-note" style={{ marginTop: 8 }} data-testid="position-net-note">
              {t('trade:netPnlNote')}
            </p>
          ) : (
            <p className="kb-trade-note" style={{ marginTop: 8 }}>
              <SimulatedLabel /> {t('trade:pnlNote')}
            </p>
          )}
          {position.status === 'limit-closing' && partialLots !== null && (
            // One close at a time: the shares it leaves are closed by changing it, or after withdrawing it.
            <p className="kb-trade-note" style={{ marginTop: 8 }} data-testid="position-partial-rest-note">
              {t('trade:partialCloseRestNote', { quantity: quantityText(t, position.lots - partialLots) })}
            </p>
          )}
          {position.status === 'limit-closing' && position.closeLimit && (
            // A resting limit close can be changed (a new close replaces it) or withdrawn, as any order can.
            <div className="kb-actions kb-trade-order-actions">
              <Button
                color="primary"
                fill="outline"
                size="large"
                block
                onClick={() => setStep('close')}
                data-testid="position-close-change"
              >
                {t('trade:closeChange')}
              </Button>
              <Button
                color="danger"
                fill="outline"
                size="large"
                block
                onClick={() => confirmCancelClose(position, position.closeLimit!)}
                data-testid="position-close-cancel"
              >
                {t('trade:closeCancelAction')}
              </Button>
            </div>
          )}
          {position.status === 'limit-closing' && (
            // Its take-profit and stop-loss still fire while the close rests: whichever comes first closes it.
            <div className="kb-actions">
              <Button block onClick={() => setStep('targets')} data-testid="position-targets">
                {t('trade:targetsTitle')}
              </Button>
            </div>
          )}
          {position.status === 'holding' && (
            <div className="kb-actions">
              <Button
                color="primary"
                size="large"
                block
                onClick={() => setStep('close')}
                data-testid="position-close"
              >
                {t('trade:closeAction')}
              </Button>
              <Button block onClick={() => setStep('targets')} data-testid="position-targets">
                {t('trade:targetsTitle')}
              </Button>
            </div>
          )}
        </>
      )}
      {step === 'close' && (
        <ClosePositionForm
          position={position}
          onDone={(after) => {
            const outcome = closeOutcome(position, after);
            done(
              outcome.kind === 'closed'
                ? t('trade:closeDone')
                : outcome.kind === 'partly-closed'
                  ? t('trade:partialCloseDone', { quantity: quantityText(t, outcome.lots) })
                  : t(changing ? 'trade:closeChanged' : 'trade:closeSent'),
            )();
          }}
        />
      )}
      {step === 'targets' && <TargetsForm position={position} onDone={done(t('trade:targetsSaved'))} />}
    </DetailSheet>
  );
}
