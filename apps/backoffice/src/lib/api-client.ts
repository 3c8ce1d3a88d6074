import { createApiClient, type ApiError } from '@kabuto/client';
import { currentLocale, i18next } from './i18n';
import { useStaffSession } from './session-store';

let sessionExpired: (error: ApiError) => void = () => undefined;

/** What an ended session means for the console (back to the login page) is decided by the app shell. */
export function handleSessionExpiry(handler: (error: ApiError) => void): void {
  sessionExpired = handler;
}

/**
 * The back office's one way to call the API: endpoints from the contract, the staff token, the UI language.
 * What the console's start calls names its endpoints by route, so zod and the response schemas load with the
 * first call instead of with the console (the pages' own calls pass their entries and load with the page).
 */
export const apiClient = createApiClient({
  endpoints: (domain) =>
    import('@kabuto/contract/endpoints').then(({ api }) =>
      Object.hasOwn(api, domain) ? api[domain as keyof typeof api] : undefined,
    ),
  token: () => useStaffSession.getState().token,
  lang: currentLocale,
  clientMessage: (code) => i18next.t(code, { ns: 'errors' }),
  onSessionExpired: (error) => sessionExpired(error),
});
