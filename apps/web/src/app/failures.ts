import { ApiError } from '@kabuto/client';
import { onSessionExpired } from '../lib/api-client';
import { showToast, toastError } from '../lib/error-toast';
import { i18n } from '../lib/i18n';
import { LOGIN_PATH } from '../lib/paths';
import { useSession } from '../lib/session-store';
import { navigateTo } from './router';

const EXPIRY_REDIRECT_MS = 1500;

let returningToLogin = false;

const STEP_UP_ANSWERS = new Set<string>(['STEP_UP_REQUIRED', 'FACTOR_REQUIRED']);

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
    returnToLogin(error.message, error.params.reason);
  } else if (STEP_UP_ANSWERS.has(error.errorCode)) {
    // useStepUp (components/step-up) answers these with its dialog: no toast on top of it.
  } else {
    toastError(error.message);
  }
}

function returnToLogin(message: string, endedBecause: unknown): void {
  if (returningToLogin) return;
  returningToLogin = true;
  showToast(message, EXPIRY_REDIRECT_MS);
  setTimeout(() => {
    returningToLogin = false;
    const from = window.location.hash.replace(/^#/, '') || '/';
    navigateTo(LOGIN_PATH, { replace: true, state: { from, endedBecause } });
  }, EXPIRY_REDIRECT_MS);
}
