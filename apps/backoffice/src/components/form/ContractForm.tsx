import type { ReactNode } from 'react';
import { Form, type FormInstance, type FormProps } from 'antd';
import { FormError } from './FormError';
import { InvalidFieldContext } from './FormField';
import type { FormFailure, FormValues } from './use-contract-form';

interface ContractFormProps extends Omit<
  FormProps<FormValues>,
  'form' | 'layout' | 'requiredMark' | 'children'
> {
  form: FormInstance<FormValues>;
  failure: FormFailure | null;
  testId?: string;
  children: ReactNode;
}

/** A vertical form that shows its one current error above the fields and outlines the field it is about. */
export function ContractForm({ failure, testId, children, ...props }: ContractFormProps) {
  return (
    <InvalidFieldContext value={failure?.field ?? null}>
      <FormError message={failure?.message ?? null} />
      <Form layout="vertical" requiredMark={false} data-testid={testId} {...props}>
        {children}
      </Form>
    </InvalidFieldContext>
  );
}
