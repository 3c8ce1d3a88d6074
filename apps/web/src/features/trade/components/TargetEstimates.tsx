import { useTradeTranslation } from '../lib/texts';
import { pnlAtTarget, type Side, type Target, type TargetProblem } from '../lib/figures';
import { EstimateRow } from './EstimateRow';

interface TargetEstimatesProps {
  side: Side;
  /** The position's 建単価, or the price a new order is expected to fill at; null while unknown. */
  entryPrice: string | null;
  /** A target with a problem (said under its field) has no estimate. */
  problems: Record<Target, TargetProblem | null>;
  /** A new order's: its entry is an estimate too, and the note says from what. */
  forNewOrder?: boolean;
  lots: number | null;
  /** The take-profit and stop-loss as typed. */
  takeProfit: string;
  stopLoss: string;
  testId: string;
}

/** How test ids name each target: `<testId>-take-profit`, `<testId>-stop-loss`. */
export const TARGET_TEST_IDS: Record<Target, string> = { takeProfit: 'take-profit', stopLoss: 'stop-loss' };

/** What the typed take-profit and stop-loss would realise if the position closed there, before costs. */
export function TargetEstimates({
  side,
  entryPrice,
  problems,
  forNewOrder = false,
  lots,
  takeProfit,
  stopLoss,
  testId,
}: TargetEstimatesProps) {
  const { t } = useTradeTranslation();
  const position = { side, entryPrice, lots };
  const typed: Record<Target, string> = { takeProfit, stopLoss };
  return (
    <div data-testid={testId}>
      {(['takeProfit', 'stopLoss'] as const).map((target) => (
        <EstimateRow
          key={target}
          label={t(`trade:targetPnl.${target}`)}
          amount={problems[target] ? null : pnlAtTarget(position, typed[target])}
          signed
          testId={`${testId}-${TARGET_TEST_IDS[target]}`}
        />
      ))}
      {/* A stop is no limit: it closes at the market once reached, so a gap makes the loss larger. */}
      <p className="kb-trade-note" data-testid={`${testId}-note`}>
        {forNewOrder
          ? t('trade:targetPnl.withOrderNote', {
              note: t('trade:targetPnl.note'),
              orderNote: t('trade:targetPnl.orderNote'),
            })
          : t('trade:targetPnl.note')}
      </p>
    </div>
  );
}
