import { formatPrice, senToDecimal, type Sen } from '@kabuto/contract';
import { tickAt, type PriceBand } from '../lib/prices';
import { useTradeTranslation } from '../lib/texts';

/**
 * Under a limit price: the day's limits (値幅制限) and the tick size (呼値の単位) at the price typed, or at
 * `reference` until a price is typed. `<testId>-band` names the line, `<testId>-tick` the tick.
 */
export function PriceLimitsNote({
  band,
  typed,
  reference,
  topix500,
  testId,
}: {
  band: PriceBand;
  typed: string;
  reference: Sen;
  topix500: boolean;
  testId: string;
}) {
  const { t } = useTradeTranslation();
  const price = (sen: Sen) => formatPrice(senToDecimal(sen));
  return (
    <p className="kb-trade-note" data-testid={`${testId}-band`}>
      {t('trade:priceBand', { low: price(band.low), high: price(band.high) })}
      {t('common:separator')}
      <span style={{ whiteSpace: 'nowrap' }} data-testid={`${testId}-tick`}>
        {t('trade:tickSize', { tick: price(tickAt(typed, reference, topix500)) })}
      </span>
    </p>
  );
}
