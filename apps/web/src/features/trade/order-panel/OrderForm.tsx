import { isMarginTrade, typedPrice } from '@kabuto/contract';
import { useState } from 'react';
import { SHARES_PER_LOT } from '@kabuto/market-rules';
import { Button, List, Switch } from 'antd-mobile';
import { ApiError } from '@kabuto/client';
import {
  decimalToSen,
  placeOrderRequest,
  senToDecimal,
  type Order,
  type OrderValidity,
} from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { useUserInfo } from '../../../lib/current-user';
import { yen } from '../../../lib/format';
import { REAL_NAME_PATH } from '../../../lib/paths';
import type { OrderRequest } from '../api/keys';
import { useOrderPreview, usePlaceOrder, useTradingAccount, type Confirmed } from '../api/trading';
import { Stepper } from '../components/Stepper';
import { ToggleGroup } from '../components/ToggleGroup';
import { HeldOppositeNote } from './HeldOppositeNote';
import { ValidityChoice, validityFor } from '../components/ValidityChoice';
import {
  buyingPowerAt,
  entryReference,
  marketEntry,
  orderTargetReferences,
  exceeds,
  lotsOfShares,
  notionalOf,
  sharesSteps,
  steppedShares,
  type BoardTop,
  type Side,
} from '../lib/figures';
import { useCheckedFields } from '../lib/use-checked-fields';
import { useTargetFields } from '../lib/use-target-fields';
import {
  limitPriceProblem,
  priceInputText,
  steppedLimit,
  steppedPrice,
  steppedTarget,
  type PriceBand,
} from '../lib/prices';
import { PriceLimitsNote } from '../components/PriceLimitsNote';
import { limitPriceProblemText, quantityText, sharesProblemText } from '../lib/labels';
import { useConfirmedSend } from '../lib/use-confirmed-send';
import { ConfirmationDialog } from '../components/ConfirmationDialog';
import { EstimateRow } from '../components/EstimateRow';
import { TargetEstimates } from '../components/TargetEstimates';
import { OrderConfirmation } from './OrderConfirmation';

/** The leverages offered when the server names none: the engine's default set. */
export const DEFAULT_LEVERAGES: readonly number[] = [1, 2, 3];

/** What the form knows of the market: the last price, the best ask and bid, the day's band and the tick table. */
export interface MarketFacts {
  last: string;
  /** The live board; undefined until it is read (a market order is then taken at the last price). */
  board: BoardTop | undefined;
  band: PriceBand;
  topix500: boolean;
}

/** The bound an order is held to and the line shown when it is over it, by the kind of power it spends. */
const POWER_TEXTS = {
  buying: { bound: 'buyingPowerAt', exceeds: 'exceedsBuyingPower' },
  marginBuying: { bound: 'marginBuyingPowerAt', exceeds: 'exceedsMarginBuyingPower' },
  selling: { bound: 'sellingPowerAt', exceeds: 'exceedsSellingPower' },
} as const;

interface OrderFormProps {
  code: string;
  initialSide: Side;
  instrumentLabel: string;
  market: MarketFacts | null;
  leverages: readonly number[];
  /** The stock's own leverage limit (the back office sets it); null when the firm's set applies. */
  instrumentMaxLeverage?: number | null;
  /** Whether new short positions may be opened in the stock. */
  shortable?: boolean;
  onPlaced: (order: Order) => void;
  /** Opens the investor's positions, where a holding is closed (返済); without it, the note only says so. */
  onOpenPositions?: (() => void) | undefined;
}

type OrderType = 'market' | 'limit';

/**
 * Long or short, market or limit, price, lots, leverage and optional take-profit/stop-loss; then a
 * confirmation with the server's figures, whose Confirm is what places the order.
 */
export function OrderForm({
  code,
  initialSide,
  instrumentLabel,
  market,
  leverages,
  instrumentMaxLeverage = null,
  shortable = true,
  onPlaced,
  onOpenPositions,
}: OrderFormProps) {
  const { t } = useTradeTranslation();
  const preview = useOrderPreview();
  const place = usePlaceOrder();
  const form = useForm({
    side: (shortable ? initialSide : 'long') as string,
    type: 'market' as string,
    price: market ? priceInputText(decimalToSen(market.last) ?? 0n) : '',
    shares: String(SHARES_PER_LOT),
    leverage: '1',
    validity: 'day' as string,
    takeProfit: '',
    stopLoss: '',
  });
  const [withTargets, setWithTargets] = useState(false);
  // Set by a review with the targets switched on and both prices empty: the order would go without the
  // protection the investor meant to set. Said under the take-profit field until either price is typed.
  const [targetsRequired, setTargetsRequired] = useState(false);
  const { confirming, unanswered, review, dismiss, send, formRef, reveal } = useConfirmedSend({
    form,
    preview,
    previewRequest: (body: OrderRequest) => body,
    commit: (attempt: Confirmed<OrderRequest>) => place.mutateAsync(attempt),
    onDone: onPlaced,
  });
  const side = form.values.side as Side;
  const type = form.values.type as OrderType;
  const validity = validityFor(type, form.values.validity as OrderValidity);
  const leverage = Number(form.values.leverage);
  const lots = lotsOfShares(form.values.shares);
  const leverageField = form.field('leverage');
  const { data: userInfo } = useUserInfo();
  const needsVerification = userInfo !== undefined && userInfo.real_name_status !== 'passed';
  const account = useTradingAccount();
  const power = buyingPowerAt(account.data, side, leverage);
  // 買付余力 is a 1x buy's; a buy at 2x and above is margin trading (信用買建余力), a short always is (信用売建余力).
  const powerTexts = POWER_TEXTS[side === 'short' ? 'selling' : leverage > 1 ? 'marginBuying' : 'buying'];
  const powerLabel = t(`trade:${powerTexts.bound}`, { leverage });

  const stepShares = (step: 1 | -1) => {
    form.field('shares').onChange(steppedShares(form.values.shares, step));
  };

  /** What a market order meets now: the best ask for a buy, the best bid for a sell. */
  const entry = marketEntry(side, market ? decimalToSen(market.last) : null, market?.board);
  const limit = type === 'limit' ? typedPrice(form.values.price) : undefined;
  /**
   * The price the order is worked out at, as the confirmation's figures: what a market order, or a limit the board
   * already reaches, meets (the best ask or bid); a resting limit's own limit.
   */
  const entryPrice = entryReference(side, limit, entry);
  const estimate =
    entryPrice !== null && lots !== null ? notionalOf(senToDecimal(entryPrice.price), lots) : null;
  const targetReferences = orderTargetReferences(
    side,
    limit,
    market ? decimalToSen(market.last) : null,
    market?.board,
  );
  const targetFields = useTargetFields(
    form,
    side,
    targetReferences,
    market?.topix500 ?? null,
    targetsRequired,
  );
  // Said under their fields once left (useCheckedFields): the limit price as the engine judges it, the quantity.
  const checkedFields = useCheckedFields(form, {
    price:
      type === 'limit'
        ? limitPriceProblemText(
            t,
            limitPriceProblem(form.values.price, market?.band ?? null, market?.topix500 ?? null),
          )
        : null,
    shares: sharesProblemText(t, form.values.shares),
  });

  const stepPrice = (name: 'price' | 'takeProfit' | 'stopLoss') => (step: 1 | -1) => {
    if (!market) return;
    const field = form.field(name);
    const last = decimalToSen(market.last) ?? 1n;
    if (name === 'price') {
      field.onChange(priceInputText(steppedLimit(field.value, step, side, { ...market, last })));
      return;
    }
    const options = {
      topix500: market.topix500,
      reference: typedPrice(form.values.price) ?? last,
      band: market.band,
    };
    const target = targetReferences?.[name];
    field.onChange(
      priceInputText(
        target
          ? steppedTarget(field.value, step, { ...options, reference: target.price })
          : steppedPrice(field.value, step, options),
      ),
    );
  };

  const check = () => {
    if (withTargets && !form.values.takeProfit.trim() && !form.values.stopLoss.trim()) {
      setTargetsRequired(true);
      // Submitted from the keyboard's Go key, the focus is still in the empty take-profit field.
      targetFields.reveal();
      return;
    }
    if (lots === null) {
      form.showFailure(new ApiError('ORDER_LOTS_INVALID', t('errors:ORDER_LOTS_INVALID')));
      return;
    }
    const extra = {
      code,
      lots,
      price: type === 'limit' ? form.values.price : undefined,
      validity,
      takeProfit: withTargets && form.values.takeProfit.trim() ? form.values.takeProfit : undefined,
      stopLoss: withTargets && form.values.stopLoss.trim() ? form.values.stopLoss : undefined,
    };
    const checked = form.parse(placeOrderRequest, extra);
    if (!checked) return;
    if (checked.type === 'limit' && checked.price === undefined) {
      form.showFailure(new ApiError('ORDER_PRICE_REQUIRED', t('errors:ORDER_PRICE_REQUIRED')));
      return;
    }
    // Said under their fields (useCheckedFields, useTargetFields), all of them at once.
    const fieldsRefused = checkedFields.refuse();
    if ((withTargets && targetFields.refuse()) || fieldsRefused) return;
    const body: OrderRequest = {
      code: checked.code,
      side: checked.side,
      type: checked.type,
      lots: checked.lots,
      leverage: checked.leverage,
      validity: checked.validity ?? 'day',
      ...(checked.price === undefined ? {} : { price: senToDecimal(checked.price) }),
      ...(checked.takeProfit ? { takeProfit: senToDecimal(checked.takeProfit) } : {}),
      ...(checked.stopLoss ? { stopLoss: senToDecimal(checked.stopLoss) } : {}),
    };
    review(body);
  };

  const leverageNoteId = 'order-leverage-note';
  return (
    <form
      ref={formRef}
      className="kb-trade-form"
      onSubmit={(event) => {
        event.preventDefault();
        check();
        reveal();
      }}
      data-testid="order-form"
      noValidate
    >
      {needsVerification && (
        <div className="kb-trade-verify" role="note" data-testid="order-verify-first">
          <span>{t('trade:verifyFirst')}</span>
          <Link to={REAL_NAME_PATH} className="kb-link" data-testid="order-verify">
            {t('trade:verifyIdentity')}
          </Link>
        </div>
      )}
      <ToggleGroup
        label={t('trade:sideLabel')}
        value={side}
        options={[
          { value: 'long', label: t('trade:side.long') },
          { value: 'short', label: t('trade:side.short'), disabled: !shortable },
        ]}
        onChange={(value) => form.field('side').onChange(value)}
        className="kb-sides"
        testId="order-side"
        {...(shortable ? {} : { describedBy: 'order-short-note' })}
      />
      {!shortable && (
        <p className="kb-trade-note" id="order-short-note" data-testid="order-short-note">
          {t('errors:ORDER_SHORT_NOT_ALLOWED')}
        </p>
      )}
      <HeldOppositeNote code={code} side={side} onOpenPositions={onOpenPositions} />
      <ToggleGroup
        label={t('trade:typeLabel')}
        value={type}
        options={[
          { value: 'market', label: t('trade:type.market') },
          { value: 'limit', label: t('trade:type.limit') },
        ]}
        onChange={(value) => form.field('type').onChange(value)}
        testId="order-type"
      />
      <ValidityChoice
        type={type}
        value={form.values.validity as OrderValidity}
        onChange={(value) => form.field('validity').onChange(value)}
        limitNote={t('trade:validityNote')}
        testId="order-validity"
      />
      {type === 'limit' && (
        <List className="kb-form">
          <FormField
            {...checkedFields.field('price')}
            label={t('trade:limitPrice')}
            labelPosition="above"
            placeholder={t('trade:pricePlaceholder')}
            inputMode="decimal"
            testId="order-price"
            extra={<Stepper label={t('trade:limitPrice')} onStep={stepPrice('price')} testId="order-price" />}
          />
        </List>
      )}
      {/* Right under the price it is about, not under the quantity. */}
      {market && type === 'limit' && (
        <PriceLimitsNote
          band={market.band}
          typed={form.values.price}
          reference={decimalToSen(market.last) ?? 1n}
          topix500={market.topix500}
          testId="order"
        />
      )}
      <List className="kb-form">
        <FormField
          {...checkedFields.field('shares')}
          label={t('trade:sharesInput')}
          labelPosition="above"
          placeholder={t('trade:sharesPlaceholder')}
          inputMode="numeric"
          testId="order-quantity"
          extra={
            <Stepper
              label={t('trade:sharesInput')}
              onStep={stepShares}
              testId="order-quantity"
              {...sharesSteps(lots)}
            />
          }
        />
      </List>
      <div className="kb-trade-note" data-testid="order-shares">
        {lots !== null ? quantityText(t, lots) : t('trade:lotUnit')}
      </div>
      <div className="kb-trade-label" id="order-leverage-label">
        {t('trade:leverage')}
      </div>
      <ToggleGroup
        label={t('trade:leverage')}
        value={form.values.leverage}
        options={leverages.map((value) => ({
          value: String(value),
          label: t('trade:leverageValue', { leverage: value }),
        }))}
        onChange={(value) => leverageField.onChange(value)}
        describedBy={leverageNoteId}
        testId="order-leverage"
      />
      <div className="kb-trade-note" id={leverageNoteId}>
        {leverageField.error ? (
          <span className="kb-field-error" role="alert" data-testid="order-leverage-error">
            {leverageField.error}
          </span>
        ) : null}
        {instrumentMaxLeverage !== null && (
          <span data-testid="order-leverage-limit">
            {t('trade:leverageInstrumentLimit', { leverage: instrumentMaxLeverage })}
          </span>
        )}
        {isMarginTrade(side, leverage) ? (
          <span data-testid="order-margin-note">{t('trade:marginTradingNote')}</span>
        ) : (
          t('trade:cashTradingNote')
        )}
      </div>
      <List className="kb-form">
        <List.Item
          extra={
            <Switch
              checked={withTargets}
              onChange={(on) => {
                setWithTargets(on);
                setTargetsRequired(false);
              }}
              aria-label={t('trade:targetsSwitch')}
              data-testid="order-targets-switch"
            />
          }
          description={t('trade:targetsNote')}
        >
          {t('trade:targetsSwitch')}
        </List.Item>
        {withTargets && (
          <>
            <FormField
              {...targetFields.field('takeProfit')}
              label={t('trade:takeProfit')}
              labelPosition="above"
              placeholder={t('trade:optionalPrice')}
              inputMode="decimal"
              testId="order-take-profit"
              extra={
                <Stepper
                  label={t('trade:takeProfit')}
                  onStep={stepPrice('takeProfit')}
                  testId="order-take-profit"
                />
              }
            />
            <FormField
              {...targetFields.field('stopLoss')}
              label={t('trade:stopLoss')}
              labelPosition="above"
              placeholder={t('trade:optionalPrice')}
              inputMode="decimal"
              testId="order-stop-loss"
              extra={
                <Stepper
                  label={t('trade:stopLoss')}
                  onStep={stepPrice('stopLoss')}
                  testId="order-stop-loss"
                />
              }
            />
          </>
        )}
      </List>
      {withTargets && (
        <TargetEstimates
          side={side}
          entryPrice={entryPrice === null ? null : senToDecimal(entryPrice.price)}
          problems={targetFields.problems}
          forNewOrder
          lots={lots}
          takeProfit={form.values.takeProfit}
          stopLoss={form.values.stopLoss}
          testId="order-targets-pnl"
        />
      )}
      <EstimateRow label={t('trade:estimatedNotional')} amount={estimate} testId="order-estimate" />
      <EstimateRow label={powerLabel} amount={power ? power.notional : null} testId="order-buying-power" />
      {estimate !== null && power && exceeds(estimate, power.notional) && !form.field('shares').error && (
        // Said while the investor types, not first at the confirmation; the server's check stays the rule. While
        // the quantity shows a message of its own (the server's refusal for want of funds among them), that one
        // is said alone.
        <p className="kb-trade-note kb-field-warning" role="status" data-testid="order-exceeds-power">
          {t(`trade:${powerTexts.exceeds}`, { leverage })}
        </p>
      )}
      {power && power.limitedBy !== 'cash' && account.data && (
        <p className="kb-trade-note" data-testid="order-buying-power-note">
          {t(`trade:account.buyingPowerLimited.${power.limitedBy}`, { cash: yen(account.data.available) })}
        </p>
      )}
      <FormAlert alert={form.alert} testId="order" />
      <div className="kb-actions kb-actions-sticky">
        {/* In the side's colour and with its name, as a broker's 注文確認 button: the toggle may have scrolled away. */}
        <Button
          type="submit"
          size="large"
          block
          loading={preview.isPending}
          className={`kb-order-review kb-order-review-${side}`}
          data-testid="order-review"
        >
          {t(`trade:review.${side}`)}
        </Button>
      </div>
      <ConfirmationDialog
        title={t('trade:confirmTitle')}
        unanswered={unanswered}
        backText={t('trade:confirmBack')}
        sendText={t('trade:place')}
        sending={place.isPending}
        onBack={dismiss}
        onSend={send}
        testId="order"
      >
        {confirming && (
          <OrderConfirmation
            order={confirming.attempt.body}
            preview={confirming.preview}
            instrumentLabel={instrumentLabel}
          />
        )}
      </ConfirmationDialog>
    </form>
  );
}
