import type { Form } from '../../../components/form/use-form';
import { limitPriceProblem, type PriceBand } from './prices';
import { useTradeTranslation } from './texts';
import { useCheckedFields, type CheckedFields } from './use-checked-fields';

/**
 * A limit price field (`price`) that says, in the engine's own words, what it would refuse: not a price, outside
 * the day's limits, off the tick grid (limitPriceProblem, each once known), shown as useCheckedFields shows it.
 * `active` false (a market order) checks nothing.
 */
export function useLimitPriceField(
  form: Form<{ price: string } & Record<string, string>>,
  band: PriceBand | null,
  topix500: boolean | null,
  active = true,
): CheckedFields<'price'> {
  const { t } = useTradeTranslation();
  const problem = active ? limitPriceProblem(form.values.price, band, topix500) : null;
  return useCheckedFields(form, { price: problem ? t(`errors:${problem}`) : null });
}
