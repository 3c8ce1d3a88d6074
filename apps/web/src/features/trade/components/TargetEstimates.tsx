import { useTradeTranslation } from '../lib/texts';
import { pnlAtTarget, type Side } from '../lib/figures';
import { EstimateRow } from './EstimateRow';

interface TargetEstimatesProps {
  side: Side;
  /** The position's 建単価, or the price a new order is expected to fill at; null while unknown. */
  entryPrice: string | null;
  /** A new order's: its entry is an estimate too, and the note says from what. */
  forNewOrder?: boolean;
  lots: number | null;
  /** The take-profit and stop-loss as typed. */
  takeProfit: string;
  stopLoss: string;
  testId: string;
}

/** What the typed take-profit and stop-loss would realise if the position closed there, before costs. */
export function TargetEstimates({
  side,
  entryPrice,
  forNewOrder = false,
  lots,
  takeProfit,
  stopLoss,
  testId,
}: TargetEstimatesProps) {
  const { t } = useTradeTranslation();
  const position = { side, entryPrice, lots };
  return (
    <div data-testid={testId}>
      <EstimateRow
        label={t('trade:targetPnl.takeProfit')}
        amount={pnlAtTarget(position, takeProfit)}
        signed
        testId={`${testId}-take-profit`}
      />
      <EstimateRow
        label={t('trade:targetPnl.stopLoss')}
        amount={pnlAtTarget(position, stopLoss)}
        signed
        testId={`${testId}-stop-loss`}
      />
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
