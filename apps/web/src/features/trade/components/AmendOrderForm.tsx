import { Button, List } from 'antd-mobile';
import { ApiError } from '@kabuto/client';
import { amendOrderRequest, decimalToSen, senToDecimal, typedPrice, type Order } from '@kabuto/contract';
import { SHARES_PER_LOT } from '@kabuto/market-rules';

import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { yen } from '../../../lib/format';
import type { AmendRequest } from '../api/keys';
import {
  useAmendOrder,
  useAmendPreview,
  useLiveQuotes,
  useTradingAccount,
  type Confirmed,
} from '../api/trading';
import { useInstrument } from '../../../lib/market-data';
import { amendmentChanges, cashForAmendment, changesSomething, heldOf } from '../lib/amend';
import {
  entryReference,
  lotsOfShares,
  marginOf,
  marketEntry,
  notionalOf,
  sharesSteps,
  steppedShares,
} from '../lib/figures';
import { useBoard } from '../../../lib/board';
import {
  instrumentWithCode,
  limitPriceProblemText,
  meetsRows,
  orderSideText,
  priceText,
  quantityText,
  sharesProblemText,
} from '../lib/labels';
import { bandOf, limitPriceProblem, priceInputText, steppedPrice } from '../lib/prices';
import { useTradeTranslation } from '../lib/texts';
import { useCheckedFields } from '../lib/use-checked-fields';
import { PriceLimitsNote } from './PriceLimitsNote';
import { useConfirmedSend } from '../lib/use-confirmed-send';
import { AmendConfirmation } from './AmendConfirmation';
import { ConfirmationDialog } from './ConfirmationDialog';
import { Figures } from './DetailSheet';
import { EstimateRow } from './EstimateRow';
import { Stepper } from './Stepper';

/**
 * 訂正 of a resting limit order: a new limit price (on the stock's tick grid, within today's limits) and lots,
 * after a confirmation with the server's figures; one idempotency key per confirmation. The rest of the order
 * (side, leverage, 期間, take-profit, stop-loss) is kept.
 */
export function AmendOrderForm({
  order,
  onDone,
}: {
  order: Order;
  /** With the new order the server placed in the old one's stead. */
  onDone: (amended: Order) => void;
}) {
  const { t, i18n } = useTradeTranslation();
  const preview = useAmendPreview();
  const amend = useAmendOrder();
  const instrument = useInstrument(order.code);
  const instrumentText = instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, order.code);
  const quote = useLiveQuotes([order.code]).data?.get(order.code);
  const cash = cashForAmendment(useTradingAccount().data?.available, order);
  const orderPrice = decimalToSen(order.price ?? '') ?? 0n;
  const form = useForm({
    price: priceInputText(orderPrice),
    shares: String(order.lots * SHARES_PER_LOT),
  });
  const { confirming, unanswered, review, dismiss, send, formRef, reveal } = useConfirmedSend({
    form,
    preview,
    previewRequest: (body: AmendRequest) => ({ id: order.id, body }),
    commit: (attempt: Confirmed<AmendRequest>) => amend.mutateAsync({ id: order.id, ...attempt }),
    onDone,
  });
  const lots = lotsOfShares(form.values.shares);
  const band = quote ? bandOf(quote) : undefined;
  // Said under their fields once left: the new limit as the engine would judge it, the quantity.
  const checkedFields = useCheckedFields(form, {
    price: limitPriceProblemText(
      t,
      limitPriceProblem(form.values.price, band ?? null, instrument.data?.topix500 ?? null),
    ),
    shares: sharesProblemText(t, form.values.shares),
  });

  const stepPrice = (step: 1 | -1) => {
    const field = form.field('price');
    const topix500 = instrument.data?.topix500 ?? false;
    field.onChange(
      priceInputText(steppedPrice(field.value, step, { topix500, reference: orderPrice, band })),
    );
  };
  const stepShares = (step: 1 | -1) =>
    form.field('shares').onChange(steppedShares(form.values.shares, step, order.lots, order.lots));

  // What a market order meets now (a buy the best ask, a sell the best bid): a new limit the board already
  // reaches fills there, and is worked out there, as the confirmation works it out.
  const meets = marketEntry(order.side, quote ? decimalToSen(quote.last) : null, useBoard(order.code).data);
  const fillsAt = entryReference(order.side, typedPrice(form.values.price), meets);
  const estimate = fillsAt !== null && lots !== null ? notionalOf(senToDecimal(fillsAt.price), lots) : null;

  const check = () => {
    if (lots === null) {
      form.showFailure(new ApiError('ORDER_LOTS_INVALID', t('errors:ORDER_LOTS_INVALID')));
      return;
    }
    const checked = form.parse(amendOrderRequest, { lots });
    if (!checked) return;
    // Said under their fields (useCheckedFields).
    if (checkedFields.refuse()) return;
    // Refused by the server too (a 訂正 only reduces the quantity); said here without asking it.
    if (checked.lots > order.lots) {
      form.showFailure(new ApiError('ORDER_AMEND_LOTS_INCREASED', t('errors:ORDER_AMEND_LOTS_INCREASED')));
      return;
    }
    // The server refuses the same price and lots too; said here without asking it.
    if (!changesSomething(amendmentChanges(order, checked.price, checked.lots))) {
      form.showFailure(new ApiError('ORDER_AMEND_UNCHANGED', t('errors:ORDER_AMEND_UNCHANGED')));
      return;
    }
    const body: AmendRequest = { price: senToDecimal(checked.price), lots: checked.lots };
    review(body);
  };

  // The order as it rests, before what it becomes: the sheet replaces the order's figures.
  const figures: [string, string, string][] = [
    ['instrument', t('trade:instrument'), instrumentText],
    ['side', t('trade:sideLabel'), orderSideText(t, order.side, order.leverage)],
    ['price', t('trade:amend.priceBefore'), order.price ? priceText(t, order.price) : '—'],
    ['lots', t('trade:amend.lotsBefore'), quantityText(t, order.lots)],
    // Kept as they are: an amended price must still sit on the right side of them.
    ['leverage', t('trade:leverage'), t('trade:leverageValue', { leverage: order.leverage })],
  ];
  if (order.takeProfit) figures.push(['take-profit', t('trade:takeProfit'), priceText(t, order.takeProfit)]);
  if (order.stopLoss) figures.push(['stop-loss', t('trade:stopLoss'), priceText(t, order.stopLoss)]);
  figures.push(
    ['last', t('trade:lastPrice'), quote ? priceText(t, quote.last) : '—'],
    ...meetsRows(t, meets),
  );

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
      data-testid="amend-form"
    >
      <Figures rows={figures} testId="amend-figures" />
      <List className="kb-form">
        <FormField
          {...checkedFields.field('price')}
          label={t('trade:amend.newPrice')}
          labelPosition="above"
          placeholder={t('trade:pricePlaceholder')}
          inputMode="decimal"
          testId="amend-price"
          extra={<Stepper label={t('trade:amend.newPrice')} onStep={stepPrice} testId="amend-price" />}
        />
      </List>
      {/* Right under the price it is about, not under the quantity. */}
      {band && (
        <PriceLimitsNote
          band={band}
          typed={form.values.price}
          reference={orderPrice}
          topix500={instrument.data?.topix500 ?? false}
          testId="amend"
        />
      )}
      <List className="kb-form">
        <FormField
          {...checkedFields.field('shares')}
          label={t('trade:amend.newShares')}
          labelPosition="above"
          placeholder={t('trade:sharesPlaceholder')}
          inputMode="numeric"
          testId="amend-quantity"
          extra={
            <Stepper
              label={t('trade:amend.newShares')}
              onStep={stepShares}
              testId="amend-quantity"
              {...sharesSteps(lots, order.lots)}
            />
          }
        />
      </List>
      <div className="kb-trade-note" style={{ paddingTop: 8 }} data-testid="amend-shares">
        {lots !== null ? quantityText(t, lots) : t('trade:lotUnit')}
      </div>
      <EstimateRow label={t('trade:estimatedNotional')} amount={estimate} testId="amend-estimate" />
      {/* What the cash below pays for at a leverage above 1x is the margin, not the notional. */}
      {order.leverage > 1 && (
        <EstimateRow
          label={t('trade:amend.estimatedMargin')}
          amount={estimate === null ? null : marginOf(estimate, order.leverage)}
          testId="amend-margin"
        />
      )}
      <EstimateRow label={t('trade:amend.cashForOrder')} amount={cash} testId="amend-cash" />
      <p className="kb-trade-note" data-testid="amend-cash-note">
        {t('trade:amend.cashForOrderNote', { held: yen(heldOf(order)) })}
      </p>
      <p className="kb-trade-note" data-testid="amend-kept-note">
        {t('trade:amend.keptNote')}
      </p>
      <FormAlert alert={form.alert} testId="amend" />
      <div className="kb-actions kb-actions-sticky">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={preview.isPending}
          data-testid="amend-review"
        >
          {t('trade:amend.review')}
        </Button>
      </div>
      <ConfirmationDialog
        title={t('trade:amend.confirmTitle')}
        unanswered={unanswered}
        backText={t('trade:amend.back')}
        sendText={t('trade:amend.send')}
        sending={amend.isPending}
        onBack={dismiss}
        onSend={send}
        testId="amend"
      >
        {confirming && (
          <AmendConfirmation
            order={order}
            amendment={confirming.attempt.body}
            preview={confirming.preview}
            instrumentLabel={instrumentText}
          />
        )}
      </ConfirmationDialog>
    </form>
  );
}
