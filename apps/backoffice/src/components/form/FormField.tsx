import { createContext, use } from 'react';
import { Form, type FormItemProps } from 'antd';

/** The field a form's error is about, so that exactly that input is outlined. */
export const InvalidFieldContext = createContext<string | null>(null);

type FormFieldProps = Pick<FormItemProps, 'label' | 'extra' | 'hidden' | 'valuePropName' | 'children'> & {
  name: string;
};

/** A labelled input of a contract form; outlined in red when the form's error is about it. */
export function FormField({ name, ...props }: FormFieldProps) {
  const invalid = use(InvalidFieldContext) === name;
  return <Form.Item name={name} validateStatus={invalid ? 'error' : undefined} {...props} />;
}
