import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldOrderOf, firstError } from '@kabuto/contract';
import { ApiError } from '@kabuto/client';
import type { z } from 'zod';
import { i18n } from '../../lib/i18n';
import { placeFailure } from './failure-placement';

type FormValues = Record<string, string>;

/** What a FormField needs from its form. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** A second line under the error, e.g. the tries left before the lock. */
  warning?: string;
}

/** The alert above a form: a failure that names none of its fields, with a retry when no answer came. */
export interface FormAlertState {
  message: string;
  retry?: () => void;
}

/** The part of a TanStack mutation a form sends with (`useMutation`'s result fits). */
export interface Sendable<D, V> {
  mutate(variables: V, options: { onSuccess?: (data: D) => void; onError?: (error: Error) => void }): void;
}

export interface Form<V extends FormValues> {
  values: V;
  field(name: keyof V & string): FieldBinding;
  /**
   * Checks the schema's fields, taken from the values and `extra`, with the contract schema the server
   * uses. Returns the request body, or null after showing the first failing field's message.
   */
  parse<S extends z.ZodType>(schema: S, extra?: Record<string, unknown>): z.output<S> | null;
  /**
   * Sends a request with a mutation whose meta has `failuresInForm`: a failure shows under the field it
   * concerns or in the alert above the form, where a timeout or lost connection offers to send the same
   * request again. An ended session is left to the app shell.
   */
  send<D, B>(
    mutation: Sendable<D, B>,
    body: B,
    onSuccess?: (data: D) => void,
    /** Before the failure is shown: what the caller does beside showing it. */
    onFailure?: (failure: Error) => void,
  ): void;
  /** Shows a message in the alert above the form (a rule the form checks itself). */
  showAlert(message: string): void;
  /**
   * Shows a failure where `send` would (under its field, or in the alert above the form), for requests a
   * form makes another way (a passkey ceremony, an upload with progress).
   */
  showFailure(failure: Error): void;
  alert: FormAlertState | null;
  reset(): void;
}

interface FieldError {
  field: string;
  message: string;
  warning?: string;
}

/**
 * A form's values and the one error it shows (the form rule in docs/architecture.md): the first failing
 * field's message under that field until the field changes, or a failure that names none of its fields in
 * the alert above it until the next attempt.
 */
export function useForm<V extends FormValues>(initial: V): Form<V> {
  // Error texts are not among the startup texts: a form suspends until they are in, so no key shows.
  useTranslation('errors');
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<FieldError | null>(null);
  const [alert, setAlert] = useState<FormAlertState | null>(null);
  const fields = Object.keys(initial);

  const showAlert = (message: string, retry?: () => void) => {
    setError(null);
    setAlert(retry ? { message, retry } : { message });
  };

  const showFailure = (failure: Error, retry?: () => void) => {
    const placement = placeFailure(failure, fields, i18n.t('common:error'));
    if (placement.kind === 'field') {
      const { field, message, remainingAttempts } = placement;
      setError({
        field,
        message,
        ...(remainingAttempts === undefined
          ? {}
          : { warning: i18n.t('web:form.remainingAttempts', { count: remainingAttempts }) }),
      });
    } else if (placement.kind === 'form') {
      showAlert(placement.message, placement.retryable ? retry : undefined);
    }
  };

  // A second tap before the first request's pending state has rendered would send the request again (a login
  // twice: two sessions, two new-device notices): while a mutation's request is on its way, that mutation sends
  // nothing more. Another of the form's mutations (the SMS code beside the submit button) still may.
  const sending = useRef(new Set<unknown>());
  const send = <D, B>(
    mutation: Sendable<D, B>,
    body: B,
    onSuccess?: (data: D) => void,
    onFailure?: (failure: Error) => void,
  ) => {
    const key = mutation.mutate;
    if (sending.current.has(key)) return;
    sending.current.add(key);
    setAlert(null);
    mutation.mutate(body, {
      onSuccess: (data) => {
        sending.current.delete(key);
        onSuccess?.(data);
      },
      onError: (failure) => {
        sending.current.delete(key);
        onFailure?.(failure);
        showFailure(failure, () => send(mutation, body, onSuccess, onFailure));
      },
    });
  };

  return {
    values,
    alert,
    showFailure: (failure) => showFailure(failure),
    field: (name) => {
      const shown = error?.field === name ? error : undefined;
      return {
        value: values[name] ?? '',
        onChange: (value) => {
          setValues((current) => ({ ...current, [name]: value }));
          setError((current) => (current?.field === name ? null : current));
        },
        ...(shown ? { error: shown.message } : {}),
        ...(shown?.warning ? { warning: shown.warning } : {}),
      };
    },
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
      const message = first ? i18n.t(`errors:${first.errorCode}`, first.params) : i18n.t('common:error');
      if (first?.field && fields.includes(first.field)) setError({ field: first.field, message });
      // A schema field the form shows under another name (lots typed as shares): placed as the server's error is.
      else if (first) showFailure(new ApiError(first.errorCode, message, {}, 400));
      else showAlert(message);
      return null;
    },
    send,
    showAlert: (message) => showAlert(message),
    reset: () => {
      setValues(initial);
      setError(null);
      setAlert(null);
    },
  };
}
