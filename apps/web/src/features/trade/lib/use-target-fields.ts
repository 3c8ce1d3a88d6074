import { useState } from 'react';
import type { FieldBinding, Form } from '../../../components/form/use-form';
import { targetProblem, type Side, type Target, type TargetProblem, type TargetReferences } from './figures';
import { targetProblemText } from './labels';
import { useTradeTranslation } from './texts';

export interface TargetFieldBinding extends FieldBinding {
  onFocus: () => void;
  onBlur: () => void;
}

export interface TargetFields {
  field(target: Target): TargetFieldBinding;
  /** Each target's problem (targetProblem), as typed now: the estimates below the fields leave those out. */
  problems: Record<Target, TargetProblem | null>;
  /**
   * Whether a target has a problem; if so, it is shown now, even under the field being typed in (a submit from
   * the keyboard's Go key leaves the focus there).
   */
  refuse(): boolean;
}

/**
 * The take-profit and stop-loss fields with their problems (targetProblem, each against its reference in
 * `references` and the instrument's tick table when known) shown under them once the investor leaves the field,
 * not at each digit typed (2, 29, 290 on the way to 2,900), or on a submit; the form's own error, from a submit
 * or the server, comes first.
 */
export function useTargetFields(
  form: Form<Record<Target, string> & Record<string, string>>,
  side: Side,
  references: TargetReferences | null,
  topix500: boolean | null,
): TargetFields {
  const { t } = useTradeTranslation();
  const [editing, setEditing] = useState<Target | null>(null);
  const problemOf = (target: Target) =>
    targetProblem(side, target, form.values[target] ?? '', references?.[target] ?? null, topix500);
  const problems = { takeProfit: problemOf('takeProfit'), stopLoss: problemOf('stopLoss') };
  const refuse = () => {
    if (!problems.takeProfit && !problems.stopLoss) return false;
    setEditing(null);
    return true;
  };
  const field = (target: Target): TargetFieldBinding => {
    const binding = form.field(target);
    const problem = problems[target];
    const live = problem && editing !== target ? targetProblemText(t, side, target, problem) : null;
    const error = binding.error ?? live;
    return {
      ...binding,
      ...(error ? { error } : {}),
      onFocus: () => setEditing(target),
      onBlur: () => setEditing((current) => (current === target ? null : current)),
    };
  };
  return { field, problems, refuse };
}
