const ERROR_TOAST_MS = 2000;

/** A toast (antd-mobile's, which loads with the first one shown: nothing on the first screen needs it). */
export function showToast(content: string, durationMs: number): void {
  void import('./toast').then(({ Toast }) => Toast.show({ content, duration: durationMs }));
}

/** A failure's message as a toast without icon: the app's one way of showing an error outside a form. */
export function toastError(message: string): void {
  showToast(message, ERROR_TOAST_MS);
}
