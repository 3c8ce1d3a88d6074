import { createApiClient, type ApiError } from '@kabuto/client';
import { currentLang, i18n } from './i18n';
import { useSession } from './session-store';

const TIMEOUT_MS = 5000;

let sessionExpiredHandler: (error: ApiError) => void = () => undefined;

/** The app shell decides what an ended session means (shared code knows no screens). */
export function onSessionExpired(handler: (error: ApiError) => void): void {
  sessionExpiredHandler = handler;
}

/**
 * The one client the web app calls the API with, on the endpoints of @kabuto/contract. It shows nothing
 * itself: every failure reaches the caller as an ApiError.
 */
export const apiClient = createApiClient({
  token: () => useSession.getState().token || null,
  lang: currentLang,
  clientMessage: (code) => i18n.t(`errors:${code}`),
  onSessionExpired: (error) => sessionExpiredHandler(error),
  timeoutMs: TIMEOUT_MS,
  // Calls name endpoints by route; a domain's schemas (zod) load with its first call, alongside the request.
  endpoints: (domain) => import('./endpoint-groups').then((module) => module.loadEndpointGroup(domain)),
});
