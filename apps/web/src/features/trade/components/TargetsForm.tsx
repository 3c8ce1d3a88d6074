import { Button, List } from 'antd-mobile';
import { ApiError } from '@kabuto/client';
import { decimalToSen, senToDecimal, takeProfitStopLossRequest, type Position } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { FormAlert } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { useForm } from '../../../components/form/use-form';
import { useLiveQuotes, useSetTargets } from '../api/trading';
import { useInstrument } from '../../../lib/market-data';
import { useBoard } from '../../../lib/board';
import { positionTargetReferences } from '../lib/figures';
import { useTargetFields } from '../lib/use-target-fields';
import { instrumentWithCode, meetsRows, positionSideText, priceText, quantityText } from '../lib/labels';
import { useConfirmedSend } from '../lib/use-confirmed-send';
import type { Confirmed } from '../api/trading';
import type { TargetsRequest } from '../api/keys';
import { ConfirmationDialog } from './ConfirmationDialog';
import { TargetsConfirmation } from './TargetsConfirmation';
import { priceInputText, steppedTarget } from '../lib/prices';
import { Figures } from './DetailSheet';
import { InstrumentLabel } from './InstrumentLabel';
import { Stepper } from './Stepper';
import { TargetEstimates } from './TargetEstimates';

const inputOf = (decimal: string | null) => (decimal ? priceInputText(decimalToSen(decimal) ?? 0n) : '');

/** 利益確定・損切りの変更: empty clears a target; sent after a confirmation. */
export function TargetsForm({ position, onDone }: { position: Position; onDone: () => void }) {
  const { t, i18n } = useTradeTranslation();
  const save = useSetTargets();
  const instrument = useInstrument(position.code);
  const form = useForm({ takeProfit: inputOf(position.takeProfit), stopLoss: inputOf(position.stopLoss) });
  const last = useLiveQuotes([position.code]).data?.get(position.code)?.last;
  const lastShown = last ?? position.markPrice;
  const reference = decimalToSen(lastShown ?? position.entryPrice) ?? 1n;
  // The engine judges them against the price they fire on now: a long's bid, a short's ask.
  const references = positionTargetReferences(position.side, reference, useBoard(position.code).data);
  const targetFields = useTargetFields(form, position.side, references, instrument.data?.topix500 ?? null);

  const stepper = (name: 'takeProfit' | 'stopLoss') => (step: 1 | -1) => {
    const field = form.field(name);
    const topix500 = instrument.data?.topix500 ?? false;
    const from = references?.[name].price ?? reference;
    field.onChange(priceInputText(steppedTarget(field.value, step, { topix500, reference: from })));
  };

  // Nothing to ask the server before the confirmation: the targets are judged above, its figures are worked out here.
  const { confirming, unanswered, review, dismiss, send, formRef, reveal } = useConfirmedSend({
    form,
    preview: { mutate: (targets: TargetsRequest, { onSuccess }) => onSuccess?.(targets) },
    previewRequest: (targets: TargetsRequest) => targets,
    commit: ({ body }: Confirmed<TargetsRequest>) => save.mutateAsync({ id: position.id, body }),
    onDone,
  });

  const submit = () => {
    const checked = form.parse(takeProfitStopLossRequest, {
      takeProfit: form.values.takeProfit.trim() ? form.values.takeProfit : null,
      stopLoss: form.values.stopLoss.trim() ? form.values.stopLoss : null,
    });
    if (!checked) return;
    // Said under its field (useTargetFields).
    if (targetFields.refuse()) return;
    const decimal = (sen: bigint | null | undefined) =>
      sen === null || sen === undefined ? null : senToDecimal(sen);
    const targets: TargetsRequest = {
      takeProfit: decimal(checked.takeProfit),
      stopLoss: decimal(checked.stopLoss),
    };
    if (targets.takeProfit === position.takeProfit && targets.stopLoss === position.stopLoss) {
      form.showFailure(new ApiError('VALIDATION_FAILED', t('trade:targetsConfirm.unchanged')));
      return;
    }
    review(targets);
  };

  return (
    <form
      ref={formRef}
      className="kb-trade-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
        reveal();
      }}
      noValidate
      data-testid="targets-form"
    >
      {/* The position the targets are for, its entry, and the prices they are judged against now. */}
      <Figures
        rows={[
          ['instrument', t('trade:instrument'), <InstrumentLabel code={position.code} key="i" />],
          ['side', t('trade:sideLabel'), positionSideText(t, position.side, position.leverage)],
          ['lots', t('trade:lots'), quantityText(t, position.lots)],
          ['entry', t('trade:entryPrice'), priceText(t, position.entryPrice)],
          ['price', t('trade:lastPrice'), lastShown ? priceText(t, lastShown) : '—'],
          ...meetsRows(t, references?.stopLoss ?? null),
        ]}
        testId="targets-figures"
      />
      <p className="kb-trade-note">{t('trade:targetsEditNote')}</p>
      <List className="kb-form">
        <FormField
          {...targetFields.field('takeProfit')}
          label={t('trade:takeProfit')}
          labelPosition="above"
          placeholder={t('trade:optionalPrice')}
          inputMode="decimal"
          testId="targets-take-profit"
          extra={
            <Stepper
              label={t('trade:takeProfit')}
              onStep={stepper('takeProfit')}
              testId="targets-take-profit"
            />
          }
        />
        <FormField
          {...targetFields.field('stopLoss')}
          label={t('trade:stopLoss')}
          labelPosition="above"
          placeholder={t('trade:optionalPrice')}
          inputMode="decimal"
          testId="targets-stop-loss"
          extra={
            <Stepper label={t('trade:stopLoss')} onStep={stepper('stopLoss')} testId="targets-stop-loss" />
          }
        />
      </List>
      <TargetEstimates
        side={position.side}
        entryPrice={position.entryPrice}
        problems={targetFields.problems}
        lots={position.lots}
        takeProfit={form.values.takeProfit}
        stopLoss={form.values.stopLoss}
        testId="targets-pnl"
      />
      <FormAlert alert={form.alert} testId="targets" />
      <ConfirmationDialog
        title={t('trade:targetsConfirm.title')}
        unanswered={unanswered}
        backText={t('trade:targetsConfirm.back')}
        sendText={t('trade:targetsConfirm.send')}
        sending={save.isPending}
        onBack={dismiss}
        onSend={send}
        testId="targets"
      >
        {confirming && (
          <TargetsConfirmation
            position={position}
            targets={confirming.attempt.body}
            instrumentLabel={instrumentWithCode(t, instrument.data, i18n.resolvedLanguage, position.code)}
          />
        )}
      </ConfirmationDialog>
      <div className="kb-actions kb-actions-sticky">
        <Button
          type="submit"
          color="primary"
          size="large"
          block
          loading={save.isPending}
          data-testid="targets-save"
        >
          {t('trade:targetsSave')}
        </Button>
      </div>
    </form>
  );
}
