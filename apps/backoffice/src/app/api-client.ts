import { currentLocale } from './i18n';
import { useStaffSession } from './session-store';

const TIMEOUT_MS = 10_000;

/** A failed call: the server's error code and parameters, or TIMEOUT / NETWORK for transport failures. */
export class ApiError extends Error {
  constructor(
    readonly errorCode: string,
    readonly params: Record<string, unknown>,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
  errorCode?: string;
  params?: Record<string, unknown>;
}

type QueryValue = string | number | undefined | null;

interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
}

function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  params.set('lang', currentLocale());
  return `${path}?${params.toString()}`;
}

async function send(
  method: string,
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.token = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK', {}, String(error), 0);
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  try {
    return (await response.json()) as Envelope<T>;
  } catch {
    return { code: 0, msg: response.statusText, errorCode: response.status >= 500 ? 'INTERNAL' : 'BAD_JSON' };
  }
}

/** Calls the staff API with the session token and the interface language; unwraps `{code, msg, data}`. */
export async function apiRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const token = useStaffSession.getState().token;
  const response = await send(method, path, options, token);
  const envelope = await readEnvelope<T>(response);
  if (response.ok && envelope.code === 1) return envelope.data as T;

  const fallbackCode = response.status === 401 ? 'SESSION_EXPIRED' : 'INTERNAL';
  const error = new ApiError(
    envelope.errorCode ?? fallbackCode,
    envelope.params ?? {},
    envelope.msg,
    response.status,
  );
  const sessionEnded = response.status === 401 || envelope.code === 401;
  if (sessionEnded && token) {
    useStaffSession.getState().expire(error);
  }
  throw error;
}

export const apiGet = <T>(path: string, query?: Record<string, QueryValue>) =>
  apiRequest<T>('GET', path, { query });
export const apiPost = <T>(path: string, body: unknown = {}) => apiRequest<T>('POST', path, { body });

/** One page of a long list, as every staff list endpoint returns it. */
export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
