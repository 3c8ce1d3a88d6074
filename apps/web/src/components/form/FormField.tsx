import { useEffect, useRef, type ReactNode } from 'react';
import { Input, List, type InputRef } from 'antd-mobile';
import { PasswordInput } from './PasswordInput';
import type { FieldBinding } from './use-form';

interface FormFieldProps extends FieldBinding {
  label: string;
  placeholder: string;
  testId: string;
  type?: 'text' | 'tel' | 'password' | 'date';
  /** The keyboard a phone shows: `decimal` for amounts, `numeric` for digits. */
  inputMode?: 'decimal' | 'numeric';
  /** Earliest and latest day a `date` field offers ("YYYY-MM-DD"). */
  min?: string;
  max?: string;
  autoComplete?: string;
  maxLength?: number;
  /** Beside the input (sign-in forms) or above it (password forms). */
  labelPosition?: 'beside' | 'above';
  /** At the end of the row, e.g. the SMS code button. */
  extra?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}

/**
 * One labelled input of a form, with its error (and a warning, if any) underneath: announced as an alert,
 * and tied to the input by aria-invalid and aria-describedby.
 */
export function FormField({
  label,
  labelPosition = 'beside',
  extra,
  error,
  warning,
  testId,
  type = 'text',
  min,
  max,
  onBlur,
  ...input
}: FormFieldProps) {
  const inputRef = useRef<InputRef>(null);
  const errorId = `${testId}-error`;
  const warningId = `${testId}-warning`;
  const describedBy = [error ? errorId : null, error && warning ? warningId : null].filter(Boolean).join(' ');

  // antd-mobile's Input passes no aria attributes to its <input>, so they are set on the element itself.
  useEffect(() => {
    const element = inputRef.current?.nativeElement;
    if (!element) return;
    // Named by its visible label, not by the placeholder (which a described input may not lean on).
    element.setAttribute('aria-label', label);
    if (describedBy) {
      element.setAttribute('aria-invalid', 'true');
      element.setAttribute('aria-describedby', describedBy);
    } else {
      element.removeAttribute('aria-invalid');
      element.removeAttribute('aria-describedby');
    }
  }, [describedBy, label]);

  // A figure typed on a Japanese keyboard (２，８００, ０９０－１２３４) reads back in half-width once the field is
  // left, as brokers' forms show it; what is accepted does not change (the schemas read both).
  const figures = type === 'tel' || input.inputMode === 'decimal' || input.inputMode === 'numeric';
  const left = () => {
    const halfWidth = input.value.normalize('NFKC');
    if (figures && halfWidth !== input.value) input.onChange(halfWidth);
    onBlur?.();
  };

  return (
    <List.Item
      prefix={labelPosition === 'beside' ? label : undefined}
      title={labelPosition === 'above' ? label : undefined}
      extra={extra}
      description={
        error ? (
          <span role="alert">
            <span className="kb-field-error" id={errorId} data-testid={errorId}>
              {error}
            </span>
            {warning ? (
              <span className="kb-field-warning" id={warningId} data-testid={warningId}>
                {warning}
              </span>
            ) : null}
          </span>
        ) : undefined
      }
    >
      {type === 'password' ? (
        <PasswordInput {...input} testId={testId} inputRef={inputRef} />
      ) : type === 'date' ? (
        // The browser's own date picker, limited to the days the form accepts.
        <input
          type="date"
          className="kb-date-input"
          value={input.value}
          onChange={(event) => input.onChange(event.target.value)}
          min={min}
          max={max}
          aria-label={label}
          data-testid={testId}
        />
      ) : (
        <Input {...input} onBlur={left} ref={inputRef} type={type} data-testid={testId} />
      )}
    </List.Item>
  );
}
