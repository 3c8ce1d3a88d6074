import type { Form } from '../../../components/form/use-form';
import { targetProblem, type Side, type Target, type TargetProblem, type TargetReferences } from './figures';
import { targetProblemText } from './labels';
import { useTradeTranslation } from './texts';
import { useCheckedFields, type CheckedFields } from './use-checked-fields';

export interface TargetFields extends CheckedFields<Target> {
  /** Each target's problem (targetProblem), as typed now: the estimates below the fields leave those out. */
  problems: Record<Target, TargetProblem | null>;
}

/**
 * The take-profit and stop-loss fields with their problems (targetProblem, each against its reference in
 * `references` and the instrument's tick table when known), shown as useCheckedFields shows them. With
 * `oneRequired`, both left empty is a problem of the take-profit field, gone as soon as either has a price.
 */
export function useTargetFields(
  form: Form<Record<Target, string> & Record<string, string>>,
  side: Side,
  references: TargetReferences | null,
  topix500: boolean | null,
  oneRequired = false,
): TargetFields {
  const { t } = useTradeTranslation();
  const problemOf = (target: Target) =>
    targetProblem(side, target, form.values[target] ?? '', references?.[target] ?? null, topix500);
  const problems = { takeProfit: problemOf('takeProfit'), stopLoss: problemOf('stopLoss') };
  const bothEmpty = !form.values.takeProfit?.trim() && !form.values.stopLoss?.trim();
  const textOf = (target: Target) => {
    if (oneRequired && bothEmpty) return target === 'takeProfit' ? t('trade:targetsRequired') : null;
    const problem = problems[target];
    return problem ? targetProblemText(t, side, target, problem) : null;
  };
  const checked = useCheckedFields(form, { takeProfit: textOf('takeProfit'), stopLoss: textOf('stopLoss') });
  return { ...checked, problems };
}
