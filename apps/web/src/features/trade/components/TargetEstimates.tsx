import { typedPrice } from '@kabuto/contract';
import { useTradeTranslation } from '../lib/texts';
import { pnlAtTarget, targetOnItsSide, type Side, type Target } from '../lib/figures';
import { targetSideText, type TargetReference } from '../lib/labels';
import { EstimateRow } from './EstimateRow';

interface TargetEstimatesProps {
  side: Side;
  /** The position's 建単価, or the price a new order is expected to fill at; null while unknown. */
  entryPrice: string | null;
  /** What the targets are checked against (targetRefusal); null while unknown. */
  reference: TargetReference | null;
  /** A new order's: its entry is an estimate too, and the note says from what. */
  forNewOrder?: boolean;
  lots: number | null;
  /** The take-profit and stop-loss as typed. */
  takeProfit: string;
  stopLoss: string;
  testId: string;
}

const TEST_IDS: Record<Target, string> = { takeProfit: 'take-profit', stopLoss: 'stop-loss' };

/**
 * What the typed take-profit and stop-loss would realise if the position closed there, before costs; a target
 * on the wrong side of its reference says where it must go as it is typed, not first when it is saved.
 */
export function TargetEstimates({
  side,
  entryPrice,
  reference,
  forNewOrder = false,
  lots,
  takeProfit,
  stopLoss,
  testId,
}: TargetEstimatesProps) {
  const { t } = useTradeTranslation();
  const position = { side, entryPrice, lots };
  const typed: Record<Target, string> = { takeProfit, stopLoss };
  const misplaced = (target: Target) => {
    const price = typedPrice(typed[target]);
    return price !== null && reference !== null && !targetOnItsSide(side, target, reference.price, price);
  };
  return (
    <div data-testid={testId}>
      {(['takeProfit', 'stopLoss'] as const).map((target) => (
        <div key={target}>
          <EstimateRow
            label={t(`trade:targetPnl.${target}`)}
            amount={misplaced(target) ? null : pnlAtTarget(position, typed[target])}
            signed
            testId={`${testId}-${TEST_IDS[target]}`}
          />
          {misplaced(target) && reference && (
            <p
              className="kb-trade-note kb-field-warning"
              role="status"
              data-testid={`${testId}-${TEST_IDS[target]}-side`}
            >
              {targetSideText(t, side, target, reference)}
            </p>
          )}
        </div>
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
