import { formatPrice, type ClosePreviewView, type Position } from '@kabuto/contract';

import { withSign, yen } from '../../../lib/format';
import { toneClass } from '../../../lib/price-tone';
import { showsInterest } from '../lib/figures';
import type { CloseRequest } from '../api/keys';
import {
  closeTermsText,
  priceText,
  quantityText,
  restingCloseText,
  validityText,
  weekEndsTodayText,
  type RestingClose,
} from '../lib/labels';
import { useTradeTranslation } from '../lib/texts';

interface CloseConfirmationProps {
  position: Position;
  close: CloseRequest;
  preview: ClosePreviewView;
  instrumentLabel: string;
  /** 返済注文の訂正: the resting close being replaced, shown before what replaces it. */
  replacing?: RestingClose | null;
}

/**
 * What the investor confirms before a 返済: the close as it will be sent, with the shares it closes and, for 一部返済,
 * those it leaves held, and the server's estimate of what it realises, from the P&L on the price down to the net
 * after both fees and the interest.
 */
export function CloseConfirmation({
  position,
  close,
  preview,
  instrumentLabel,
  replacing,
}: CloseConfirmationProps) {
  const { t } = useTradeTranslation();
  const signed = (value: string) => withSign(yen(value));
  const lots = close.lots === undefined ? position.lots : Number(close.lots);
  const partial = lots < position.lots;
  const figures: [string, string, string, string?][] = [
    ['price', t('trade:closeConfirmPrice'), priceText(t, preview.price)],
    [
      'realised',
      t('trade:closeConfirmGrossPnl'),
      signed(preview.realisedPnl),
      toneClass(preview.realisedPnl),
    ],
    // The net takes the opening fee too: shown so that the figures add up (for 一部返済, the closed lots' share).
    ['open-fee', t('trade:openFee'), yen(preview.openFee)],
    ['fee', t('trade:closeFee'), yen(preview.fee)],
  ];
  if (showsInterest(position, preview.interest))
    figures.push(['interest', t(`trade:interest.${position.side}`), yen(preview.interest)]);
  figures.push(['net', t('trade:closeConfirmNetPnl'), signed(preview.netPnl), toneClass(preview.netPnl)]);
  // Only a close that rests has a last date; one the market is already through fills now.
  const rests = close.type === 'limit' && !preview.fillsNow;
  const note =
    close.type === 'limit'
      ? preview.fillsNow
        ? // A long is closed by selling into the bid, a short by buying at the ask.
          t('trade:closeFillsNowNote', {
            basis: t(`trade:targetSide.basis.${position.side === 'long' ? 'bid' : 'ask'}`),
          })
        : t('trade:confirmLimitNote')
      : preview.fillsNow
        ? null
        : t('trade:confirmNextSession');
  const quantity = quantityText(t, lots);
  // A 訂正 that changes how many shares it closes says the shares before and after.
  const withLots = replacing && replacing.lots !== lots;
  const termsOf = (closeLots: number, terms: string) =>
    withLots ? [quantityText(t, closeLots), terms].join(t('common:separator')) : terms;
  const lotsRows = (
    <>
      <div>
        <dt>{t('trade:closeLots')}</dt>
        <dd data-testid="close-confirm-lots">{quantity}</dd>
      </div>
      {partial && (
        <div>
          <dt>{t('trade:remainingLots')}</dt>
          <dd data-testid="close-confirm-remaining">{quantityText(t, position.lots - lots)}</dd>
        </div>
      )}
    </>
  );
  const weekNote = rests ? weekEndsTodayText(t, preview.validity, preview.validUntil) : null;
  return (
    <div data-testid="close-confirm">
      {replacing ? (
        <>
          <p style={{ margin: 0, lineHeight: 1.7 }}>
            {/* The position it closes, by the shares it holds. */}
            {t('trade:closeChangeConfirmText', {
              instrument: instrumentLabel,
              quantity: quantityText(t, position.lots),
            })}
          </p>
          <dl className="kb-trade-figures" style={{ marginTop: 8 }}>
            <div>
              <dt>{t('trade:amend.before')}</dt>
              <dd data-testid="close-confirm-before">
                {termsOf(replacing.lots, restingCloseText(t, replacing))}
              </dd>
            </div>
            <div>
              <dt>{t('trade:amend.after')}</dt>
              <dd data-testid="close-confirm-after">
                {termsOf(
                  lots,
                  closeTermsText(
                    t,
                    close.type === 'limit' ? (close.price ?? null) : null,
                    rests ? validityText(t, preview.validity, preview.validUntil) : null,
                  ),
                )}
              </dd>
            </div>
            {lotsRows}
          </dl>
        </>
      ) : (
        <>
          <p style={{ margin: 0, lineHeight: 1.7 }}>
            {t(close.type === 'market' ? 'trade:closeConfirmMarket' : 'trade:closeConfirmLimit', {
              instrument: instrumentLabel,
              quantity,
              price: close.price ? formatPrice(close.price) : '',
            })}
          </p>
          <dl className="kb-trade-figures" style={{ marginTop: 8 }}>
            {/* What this order does: a long is sold back (返済売), a short bought back (返済買). */}
            <div>
              <dt>{t('trade:sideLabel')}</dt>
              <dd data-testid="close-confirm-side">{t(`trade:historyTag.close.${position.side}`)}</dd>
            </div>
            {lotsRows}
            {rests && (
              <div>
                <dt>{t('trade:validityLabel')}</dt>
                <dd data-testid="close-confirm-validity">
                  {validityText(t, preview.validity, preview.validUntil)}
                </dd>
              </div>
            )}
          </dl>
        </>
      )}
      {weekNote && (
        <p className="kb-trade-note" data-testid="close-confirm-week-ends-today">
          {weekNote}
        </p>
      )}
      <dl className="kb-trade-figures" style={{ marginTop: 8 }}>
        {figures.map(([id, label, value, tone]) => (
          <div key={id} className={id === 'net' ? 'kb-trade-figure-total' : undefined}>
            <dt>{label}</dt>
            <dd className={tone} data-testid={`close-confirm-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {note && (
        <p className="kb-trade-note" data-testid="close-confirm-note">
          {note}
        </p>
      )}
    </div>
  );
}
