import type { ReactNode } from 'react';
import { Input, List } from 'antd-mobile';
import { PasswordInput } from './PasswordInput';
import type { FieldBinding } from './use-form';

interface FormFieldProps extends FieldBinding {
  label: string;
  placeholder: string;
  testId: string;
  type?: 'text' | 'tel' | 'password';
  autoComplete?: string;
  maxLength?: number;
  /** Beside the input (sign-in forms) or above it (password forms). */
  labelPosition?: 'beside' | 'above';
  /** At the end of the row, e.g. the SMS code button. */
  extra?: ReactNode;
}

/** One labelled input of a form, with its error underneath. */
export function FormField({
  label,
  labelPosition = 'beside',
  extra,
  error,
  testId,
  type = 'text',
  ...input
}: FormFieldProps) {
  return (
    <List.Item
      prefix={labelPosition === 'beside' ? label : undefined}
      title={labelPosition === 'above' ? label : undefined}
      extra={extra}
      description={
        error ? (
          <span className="kb-field-error" role="alert" data-testid={`${testId}-error`}>
            {error}
          </span>
        ) : undefined
      }
    >
      {type === 'password' ? (
        <PasswordInput {...input} testId={testId} />
      ) : (
        <Input {...input} type={type} data-testid={testId} />
      )}
    </List.Item>
  );
}
