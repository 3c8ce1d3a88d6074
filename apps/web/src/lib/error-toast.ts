import { Toast } from 'antd-mobile';

const ERROR_TOAST_MS = 2000;

/** A failure's message as a toast without icon (SPEC.md section 5). */
export function toastError(message: string): void {
  Toast.show({ content: message, duration: ERROR_TOAST_MS });
}
