import { groupThousands } from '@kabuto/contract';
import { useMarketTranslation } from '../../../lib/market-texts';
import { formatPrice } from '../../../lib/market-format';
import type { ChartBar } from '../chart/chart-data';

/**
 * Above the chart, the candle under the finger (始値・高値・安値・終値・出来高), or how to get it; its height is kept
 * either way, so the chart never moves when a candle is touched.
 */
export function ChartLegend({ bar }: { bar: ChartBar | null }) {
  const { t } = useMarketTranslation();
  if (!bar)
    return (
      <p className="kb-chart-legend kb-muted" data-testid="chart-legend-hint">
        {t('market:legend.hint')}
      </p>
    );
  const price = (value: number) => formatPrice(value.toFixed(2));
  const items: [string, string][] = [
    ['open', price(bar.open)],
    ['high', price(bar.high)],
    ['low', price(bar.low)],
    ['close', price(bar.close)],
    ['volume', t('market:legend.shares', { volume: groupThousands(String(bar.volume)) })],
  ];
  return (
    <dl className="kb-chart-legend" data-testid="chart-legend">
      {items.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`market:legend.${key}`)}</dt>
          <dd data-testid={`chart-legend-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
