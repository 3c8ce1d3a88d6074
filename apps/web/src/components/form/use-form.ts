import { useState } from 'react';
import { fieldOrderOf, firstError } from '@kabuto/contract';
import type { z } from 'zod';
import { failedField } from '../../lib/api-client';
import { toastError } from '../../lib/error-toast';
import { i18n } from '../../lib/i18n';

type FormValues = Record<string, string>;

/** What a FormField needs from its form. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

export interface Form<V extends FormValues> {
  values: V;
  field(name: keyof V & string): FieldBinding;
  /**
   * Checks the schema's fields, taken from the values and `extra`, with the contract schema the server
   * uses. Returns the request body, or null after showing the first failing field's message.
   */
  parse<S extends z.ZodType>(schema: S, extra?: Record<string, unknown>): z.output<S> | null;
  /** onError of a mutation whose meta has `fieldErrorsInForm`: the shell shows failures naming no field. */
  showFieldError(failure: Error): void;
  reset(): void;
}

/**
 * A form's values and the one error it shows: the first failing field's message, and stop (the form
 * rule in docs/architecture.md). An error that names one of the form's fields appears under that field until the field changes;
 * any other is a toast.
 */
export function useForm<V extends FormValues>(initial: V): Form<V> {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  const show = (field: string | null, message: string) => {
    if (field !== null && field in values) setError({ field, message });
    else toastError(message);
  };

  return {
    values,
    field: (name) => ({
      value: values[name] ?? '',
      onChange: (value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setError((current) => (current?.field === name ? null : current));
      },
      error: error?.field === name ? error.message : undefined,
    }),
    parse: (schema, extra = {}) => {
      const order = fieldOrderOf(schema);
      const available: Record<string, unknown> = { ...values, ...extra };
      const input = Object.fromEntries(
        order.filter((name) => name in available).map((name) => [name, available[name]]),
      );
      const result = schema.safeParse(input);
      if (result.success) {
        setError(null);
        return result.data;
      }
      const first = firstError(result.error.issues, order);
      show(
        first?.field ?? null,
        first ? i18n.t(`errors:${first.errorCode}`, first.params) : i18n.t('common:error'),
      );
      return null;
    },
    showFieldError: (failure) => {
      const field = failedField(failure);
      if (field !== null) show(field, failure.message);
    },
    reset: () => {
      setValues(initial);
      setError(null);
    },
  };
}
