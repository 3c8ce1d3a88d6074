import { Button, List } from 'antd-mobile';
import { ApiError } from '@kabuto/client';
import { SHARES_PER_LOT } from '@kabuto/market-rules';
import {
  closePositionRequest,
  decimalToSen,
  senToDecimal,
  type OrderValidity,
  type Position,
} from '@kabuto/contract';

import { useTradeTranslation } from '../lib/texts';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import type { CloseRequest } from '../api/keys';
import { useClosePosition, useClosePreview, useLiveQuotes, type Confirmed } from '../api/trading';
import { useInstrument } from '../../../lib/market-data';
import { useBoard } from '../../../lib/board';
import { closingSide, livePnl, lotsOfShares, marketExit, sharesSteps, steppedShares } from '../lib/figures';
import { toneClass } from '../../../lib/price-tone';
import { bandOf, limitPriceProblem, priceInputText, steppedLimit } from '../lib/prices';
import {
  closeSharesProblemText,
  instrumentWithCode,
  meetsRows,
  pnlText,
  priceText,
  quantityText,
  restingCloseOf,
  restingCloseText,
  limitPriceProblemText,
} from '../lib/labels';
import { useConfirmedSend } from '../lib/use-confirmed-send';
import { CloseConfirmation } from './CloseConfirmation';
import { ConfirmationDialog } from './ConfirmationDialog';
import { useCheckedFields } from '../lib/use-checked-fields';
import { PriceLimitsNote } from './PriceLimitsNote';
import { Figures } from './DetailSheet';
import { Stepper } from './Stepper';
import { ToggleGroup } from './ToggleGroup';
import { ValidityChoice, validityFor } from './ValidityChoice';

/**
 * 決済: all of the position's shares or some of them (一部返済), at the market or with a limit (当日中 or 今週中),
 * after a confirmation with the server's figures; one idempotency key per confirmation.
 */
export function ClosePositionForm({
  position,
  onDone,
}: {
  position: Position;
  /** With the position as the server left it: closed (filled at once) or closing / limit-closing. */
  onDone: (position: Position) => void;
}) {
  const { t, i18n } = useTradeTranslation();
  const preview = useClosePreview();
  const close = useClosePosition();
  const instrument = useInstrument(position.code);
  // Named as the reader knows it: a code alone is easy to mistake for another position's.
  const instrumentText = instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, position.code);
  const quote = useLiveQuotes([position.code]).data?.get(position.code);
  const last = quote?.last ?? position.markPrice ?? position.entryPrice;
  const { pnl } = livePnl(position, quote?.last);
  // What closing at the market meets now: a long is sold into the best bid, a short bought back at the best ask.
  const board = useBoard(position.code);
  const meets = marketExit(position.side, decimalToSen(last), board.data);
  // 返済注文の訂正: a resting limit close is changed from its own terms, which the form starts from.
  const resting = restingCloseOf(position);
  const form = useForm({
    // 返済数量: all the shares held, or those of the close being changed.
    shares: String((resting?.lots ?? position.lots) * SHARES_PER_LOT),
    type: resting ? 'limit' : ('market' as string),
    price: priceInputText(decimalToSen(resting?.limit ?? last) ?? 0n),
    validity: (resting?.validity ?? 'day') as string,
  });
  const { confirming, unanswered, review, dismiss, send, formRef, reveal } = useConfirmedSend({
    form,
    preview,
    previewRequest: (body: CloseRequest) => ({ id: position.id, body }),
    commit: (attempt: Confirmed<CloseRequest>) => close.mutateAsync({ id: position.id, ...attempt }),
    onDone,
  });
  const type = form.values.type as 'market' | 'limit';
  const validity = validityFor(type, form.values.validity as OrderValidity);
  const lots = lotsOfShares(form.values.shares);
  const sharesField = form.field('shares');
  const allShares = String(position.lots * SHARES_PER_LOT);

  const band = quote ? bandOf(quote) : undefined;
  // The quantity and the limit said under their fields once left, as the engine would judge them.
  const checkedFields = useCheckedFields(form, {
    shares: closeSharesProblemText(t, form.values.shares, position.lots),
    price:
      type === 'limit'
        ? limitPriceProblemText(
            t,
            limitPriceProblem(form.values.price, band ?? null, instrument.data?.topix500 ?? null),
          )
        : null,
  });
  const stepPrice = (step: 1 | -1) => {
    const field = form.field('price');
    // Cleared, the price starts again from what closing at the market meets now: the order panel's rule for the
    // closing side (a long is sold into the best bid, a short bought back at the best ask).
    const topix500 = instrument.data?.topix500 ?? false;
    const market = { last: decimalToSen(last) ?? 1n, board: board.data, topix500, band };
    field.onChange(priceInputText(steppedLimit(field.value, step, closingSide(position.side), market)));
  };

  const check = () => {
    if (lots === null) {
      form.showFailure(new ApiError('ORDER_LOTS_INVALID', t('errors:ORDER_LOTS_INVALID')));
      return;
    }
    const checked = form.parse(closePositionRequest, {
      lots,
      price: type === 'limit' ? form.values.price : undefined,
      validity,
    });
    if (!checked) return;
    if (checked.type === 'limit' && checked.price === undefined) {
      form.showFailure(new ApiError('ORDER_PRICE_REQUIRED', t('errors:ORDER_PRICE_REQUIRED')));
      return;
    }
    // Said under the price (useCheckedFields).
    if (checkedFields.refuse()) return;
    const body: CloseRequest = {
      type: checked.type,
      lots,
      validity: checked.validity ?? 'day',
      ...(checked.price === undefined ? {} : { price: senToDecimal(checked.price) }),
    };
    review(body);
  };

  return (
    <form
      ref={formRef}
      className="kb-trade-form"
      onSubmit={(event) => {
        event.preventDefault();
        check();
        reveal();
      }}
      noValidate
      data-testid="close-form"
    >
      {/* What is being closed, before how: the sheet replaces the position's figures. */}
      <Figures
        rows={[
          ['instrument', t('trade:instrument'), instrumentText],
          // What this order does: a long is closed by selling (返済売), a short by buying back (返済買).
          ['side', t('trade:sideLabel'), t(`trade:historyTag.close.${position.side}`)],
          ['lots', t('trade:positionLots'), quantityText(t, position.lots)],
          ['entry', t('trade:entryPrice'), priceText(t, position.entryPrice)],
          ['price', t('trade:lastPrice'), priceText(t, last)],
          // What closing all of it at the last price would realise, before costs: as 建玉照会 shows it.
          ['pnl', t('trade:unrealisedPnl'), pnlText(t, pnl, position.margin), toneClass(pnl)],
          ...meetsRows(t, meets),
          ...(resting
            ? [
                // The close as it rests, its shares first: this form may change them too.
                [
                  'current-close',
                  t('trade:closeCurrent'),
                  [quantityText(t, resting.lots), restingCloseText(t, resting)].join(t('common:separator')),
                ] as [string, string, string],
              ]
            : []),
        ]}
        testId="close-figures"
      />
      <List className="kb-form">
        <FormField
          {...checkedFields.field('shares')}
          label={t('trade:closeSharesInput')}
          labelPosition="above"
          placeholder={t('trade:sharesPlaceholder')}
          inputMode="numeric"
          testId="close-quantity"
          extra={
            <span className="kb-stepper">
              {/* 全数量: back to every share held, as a broker's close form offers. */}
              <button
                type="button"
                className="kb-stepper-all"
                onClick={() => sharesField.onChange(allShares)}
                disabled={lots === position.lots}
                data-testid="close-quantity-all"
              >
                {t('trade:allShares')}
              </button>
              <Stepper
                label={t('trade:closeSharesInput')}
                onStep={(step) =>
                  sharesField.onChange(steppedShares(form.values.shares, step, position.lots, position.lots))
                }
                testId="close-quantity"
                {...sharesSteps(lots, position.lots)}
              />
            </span>
          }
        />
      </List>
      <div className="kb-trade-note" data-testid="close-shares">
        {lots !== null ? quantityText(t, lots) : t('trade:lotUnit')}
      </div>
      {lots !== null && lots < position.lots && (
        <p className="kb-trade-note" style={{ margin: 0 }} data-testid="close-partial-note">
          {t('trade:partialCloseNote')}
        </p>
      )}
      <ToggleGroup
        label={t('trade:typeLabel')}
        value={type}
        options={[
          { value: 'market', label: t('trade:type.market') },
          { value: 'limit', label: t('trade:type.limit') },
        ]}
        onChange={(value) => form.field('type').onChange(value)}
        testId="close-type"
      />
      <ValidityChoice
        type={type}
        value={form.values.validity as OrderValidity}
        onChange={(value) => form.field('validity').onChange(value)}
        limitNote={t('trade:closeValidityNote')}
        testId="close-validity"
      />
      {type === 'limit' && (
        <List className="kb-form">
          <FormField
            {...checkedFields.field('price')}
            label={t('trade:limitPrice')}
            labelPosition="above"
            placeholder={t('trade:pricePlaceholder')}
            inputMode="decimal"
            testId="close-price"
            extra={<Stepper label={t('trade:limitPrice')} onStep={stepPrice} testId="close-price" />}
          />
        </List>
      )}
      {type === 'limit' && band && (
        <PriceLimitsNote
          band={band}
          typed={form.values.price}
          reference={decimalToSen(last) ?? 1n}
          topix500={instrument.data?.topix500 ?? false}
          testId="close"
        />
      )}
      <FormAlert alert={form.alert} testId="close" />
      <div className="kb-actions kb-actions-sticky">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={preview.isPending}
          data-testid="close-review"
        >
          {t(resting ? 'trade:amend.review' : 'trade:closeReview')}
        </Button>
      </div>
      <ConfirmationDialog
        title={t(resting ? 'trade:closeChangeConfirmTitle' : 'trade:closeConfirmTitle')}
        unanswered={unanswered}
        backText={t(resting ? 'trade:amend.back' : 'trade:confirmBack')}
        sendText={t(resting ? 'trade:closeChangeSend' : 'trade:closeSend')}
        sending={close.isPending}
        onBack={dismiss}
        onSend={send}
        testId="close"
      >
        {confirming && (
          <CloseConfirmation
            position={position}
            close={confirming.attempt.body}
            preview={confirming.preview}
            instrumentLabel={instrumentText}
            replacing={resting}
          />
        )}
      </ConfirmationDialog>
    </form>
  );
}
