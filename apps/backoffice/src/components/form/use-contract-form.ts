import { useState } from 'react';
import { Form } from 'antd';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import type { FirstError } from '@kabuto/contract';
import { useErrorText } from '../../lib/error-text';
import { validate, type Schema } from '../../lib/validate';

/** Form values are checked by the schema, so the form itself holds them untyped. */
export type FormValues = Record<string, unknown>;

export interface FormFailure {
  message: string;
  /** The field the message is about; null for a failure of the whole request. */
  field: string | null;
}

/**
 * A form whose values are checked against the contract schema of its request before the mutation sends
 * them. The form shows one failure at a time: the first invalid field, else the server's refusal.
 */
export function useContractForm<Request, Result>(
  schema: Schema<Request>,
  mutation: UseMutationResult<Result, Error, Request>,
) {
  const [form] = Form.useForm<FormValues>();
  const errorText = useErrorText();
  const [invalid, setInvalid] = useState<FirstError | null>(null);

  /** The request the values make, or null after showing why they do not make one. */
  function check(values: unknown): Request | null {
    mutation.reset();
    const checked = validate(schema, values);
    setInvalid(checked.ok ? null : checked.error);
    return checked.ok ? checked.data : null;
  }

  function submit(values: unknown, options?: MutateOptions<Result, Error, Request>) {
    const request = check(values);
    if (request !== null) mutation.mutate(request, options);
  }

  function reset() {
    setInvalid(null);
    mutation.reset();
    form.resetFields();
  }

  const failure: FormFailure | null = invalid
    ? { message: errorText(invalid), field: invalid.field }
    : mutation.error
      ? { message: errorText(mutation.error), field: null }
      : null;

  return { form, failure, check, submit, reset, pending: mutation.isPending };
}
