import type { Position } from '@kabuto/contract';
import type { TargetsRequest } from '../api/keys';
import { pnlAtTarget, type Target } from '../lib/figures';
import { priceText, quantityText } from '../lib/labels';
import { useTradeTranslation } from '../lib/texts';
import { ChangesTable, type ChangeRow } from './ChangesTable';
import { EstimateRow } from './EstimateRow';
import { TARGET_TEST_IDS } from './TargetEstimates';

/**
 * What the investor confirms before a position's 利益確定・損切り change: each before and after (なし when not
 * set), and what closing at each new one would realise, before costs. A stop-loss reached closes the position at
 * the market, which cannot be undone: hence a confirmation, as for a 返済.
 */
export function TargetsConfirmation({
  position,
  targets,
  instrumentLabel,
}: {
  position: Position;
  targets: TargetsRequest;
  instrumentLabel: string;
}) {
  const { t } = useTradeTranslation();
  const shown = (price: string | null) => (price ? priceText(t, price) : t('trade:none'));
  const after = (target: Target) => targets[target] ?? null;
  const rows: ChangeRow[] = (['takeProfit', 'stopLoss'] as const).map((target) => [
    TARGET_TEST_IDS[target],
    t(`trade:${target}`),
    shown(position[target]),
    shown(after(target)),
    position[target] !== after(target),
  ]);
  return (
    <div data-testid="targets-confirm">
      <p style={{ margin: 0, lineHeight: 1.7 }}>
        {t('trade:targetsConfirm.text', {
          instrument: instrumentLabel,
          quantity: quantityText(t, position.lots),
        })}
      </p>
      <ChangesTable
        caption={t('trade:targetsConfirm.caption')}
        beforeLabel={t('trade:targetsConfirm.before')}
        afterLabel={t('trade:targetsConfirm.after')}
        rows={rows}
        testId="targets-confirm"
      />
      {(['takeProfit', 'stopLoss'] as const).map((target) =>
        after(target) ? (
          <EstimateRow
            key={target}
            label={t(`trade:targetPnl.${target}`)}
            amount={pnlAtTarget(position, after(target) ?? '')}
            signed
            testId={`targets-confirm-pnl-${TARGET_TEST_IDS[target]}`}
          />
        ) : null,
      )}
      <p className="kb-trade-note" data-testid="targets-confirm-note">
        {t('trade:targetPnl.note')}
      </p>
    </div>
  );
}
