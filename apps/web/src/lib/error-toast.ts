import { Toast } from 'antd-mobile';

const ERROR_TOAST_MS = 2000;

/** A failure's message as a toast without icon: the app's one way of showing an error outside a form. */
export function toastError(message: string): void {
  Toast.show({ content: message, duration: ERROR_TOAST_MS });
}
