import { toastError } from './error-toast';

/** Copies text to the clipboard; when the browser refuses, says `failed` in an error toast. Whether it copied. */
export async function copyText(value: string, failed: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    toastError(failed);
    return false;
  }
}
