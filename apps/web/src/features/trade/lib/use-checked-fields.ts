import { useState } from 'react';
import type { FieldBinding, Form } from '../../../components/form/use-form';

export interface CheckedFieldBinding extends FieldBinding {
  onFocus: () => void;
  onBlur: () => void;
}

export interface CheckedFields<N extends string> {
  field(name: N): CheckedFieldBinding;
  /**
   * Whether a field has a problem; if so, it is shown now, even under the field being typed in (a submit from
   * the keyboard's Go key leaves the focus there).
   */
  refuse(): boolean;
  /** Shows the problems as they will be on the next render, even under the field being typed in. */
  reveal(): void;
}

/**
 * Fields whose problems, as typed now (`problems`: the message of each, or null), are shown under them once the
 * investor leaves the field, not at each digit typed (2, 29, 290 on the way to 2,900), or on a submit; the form's
 * own error, from a submit or the server, comes first.
 */
export function useCheckedFields<N extends string>(
  form: Form<Record<string, string>>,
  problems: Record<N, string | null>,
): CheckedFields<N> {
  const [editing, setEditing] = useState<N | null>(null);
  const reveal = () => setEditing(null);
  const refuse = () => {
    if (!Object.values<string | null>(problems).some(Boolean)) return false;
    reveal();
    return true;
  };
  const field = (name: N): CheckedFieldBinding => {
    const binding = form.field(name);
    const live = editing === name ? null : problems[name];
    const error = binding.error ?? live;
    return {
      ...binding,
      ...(error ? { error } : {}),
      onFocus: () => setEditing(name),
      onBlur: () => setEditing((current) => (current === name ? null : current)),
    };
  };
  return { field, refuse, reveal };
}
