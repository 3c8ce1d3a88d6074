import { ApiError } from '@kabuto/client';
import { onSessionExpired } from '../lib/api-client';
import { showToast, toastError } from '../lib/error-toast';
import { i18n } from '../lib/i18n';
import { LOGIN_PATH } from '../lib/paths';
import { useSession } from '../lib/session-store';
import { router } from './router';

const EXPIRY_REDIRECT_MS = 1500;

let returningToLogin = false;

/** A call whose session has ended clears the stored session, whoever made the call. */
export function clearSessionOnExpiry(): void {
  onSessionExpired(() => useSession.getState().clear());
}

/**
 * How the app shows a failed query or mutation: an ended session shows the expiry message once and
 * returns to login; any other failure is a toast.
 */
export function reportFailure(error: Error): void {
  if (!(error instanceof ApiError)) {
    toastError(i18n.t('common:error'));
  } else if (error.sessionExpired) {
    returnToLogin(error.message);
  } else {
    toastError(error.message);
  }
}

function returnToLogin(message: string): void {
  if (returningToLogin) return;
  returningToLogin = true;
  showToast(message, EXPIRY_REDIRECT_MS);
  setTimeout(() => {
    returningToLogin = false;
    const { pathname, search } = router.state.location;
    void router.navigate(LOGIN_PATH, { replace: true, state: { from: pathname + search } });
  }, EXPIRY_REDIRECT_MS);
}
