import { Alert } from 'antd';

/** The one error a form shows at a time, above its fields. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert type="error" showIcon title={message} data-testid="form-error" style={{ marginBottom: 16 }} />
  );
}
