import { Toast } from 'antd-mobile';
import { currentLang, i18n } from './i18n';
import { useSession } from './session-store';
import { navigateTo } from '../lib/navigator';
import { LOGIN_PATH } from './paths';

const BASE = '/api';
const TIMEOUT_MS = 5000;
const ERROR_TOAST_MS = 2000;
const EXPIRY_REDIRECT_MS = 1500;

type Envelope<T> =
  | { code: 1; msg: string; data: T }
  | { code: number; msg: string; errorCode?: string; params?: Record<string, unknown> };

export type ApiErrorKind = 'network' | 'http' | 'business' | 'expired';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly errorCode?: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  /** The caller shows the failure itself: no toast, no redirect (the session is still cleared on 401). */
  silent?: boolean;
}

let expiryRedirectPending = false;

function handleExpiry(message: string, silent: boolean): void {
  useSession.getState().clear();
  if (silent || expiryRedirectPending) return;
  expiryRedirectPending = true;
  Toast.show({ content: message, duration: EXPIRY_REDIRECT_MS });
  setTimeout(() => {
    expiryRedirectPending = false;
    navigateTo(LOGIN_PATH, { replace: true });
  }, EXPIRY_REDIRECT_MS);
}

function fail(error: ApiError, silent: boolean): never {
  if (!silent) Toast.show({ content: error.message, duration: ERROR_TOAST_MS });
  throw error;
}

function buildUrl(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...query, lang: currentLang() });
  return `${BASE}${path}?${params.toString()}`;
}

async function send<T>(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  const silent = options.silent ?? false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        token: useSession.getState().token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    return fail(new ApiError('network', i18n.t('common:networkError')), silent);
  } finally {
    clearTimeout(timer);
  }

  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  const message = envelope?.msg || i18n.t('common:error');
  if (response.status === 401 && envelope?.code === 401) {
    handleExpiry(message, silent);
    throw new ApiError('expired', message, 'SESSION_EXPIRED');
  }
  if (!response.ok || !envelope) return fail(new ApiError('http', message), silent);
  if (envelope.code !== 1 || !('data' in envelope)) {
    const errorCode = 'errorCode' in envelope ? envelope.errorCode : undefined;
    return fail(new ApiError('business', message, errorCode), silent);
  }
  return envelope.data;
}

export const api = {
  get: <T>(path: string, query?: Record<string, string>, options: RequestOptions = {}) =>
    send<T>('GET', buildUrl(path, query), undefined, options),
  post: <T>(path: string, body: unknown = {}, options: RequestOptions = {}) =>
    send<T>('POST', buildUrl(path), body, options),
};
