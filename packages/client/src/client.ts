import {
  ENVELOPE_OK,
  isErrorCode,
  pathOf,
  type CallInput,
  type ClientErrorCode,
  type EndpointDef,
  type EndpointRef,
  type ResponseOf,
} from '@kabuto/contract';
import { ApiError } from './api-error';

export interface ClientOptions {
  /** The session token sent in the `token` header, if any. */
  token(): string | null;
  /** The interface language sent as `?lang=`, so server messages come back translated. */
  lang(): string;
  /** Text for failures without a server message, in the interface language. */
  clientMessage(code: ClientErrorCode): string;
  /** Called once per failed call whose session had ended (HTTP 401), before the error is thrown. */
  onSessionExpired?(error: ApiError): void;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * The endpoint entries of one domain (`api[domain]` of @kabuto/contract), for calls that name an endpoint by
   * its route (`routes.x.y`): loaded when such a call starts, alongside the request, to check the response. An
   * app that calls only with routes keeps zod out of its start, and one that loads each domain on its own
   * (`@kabuto/contract/endpoints/<domain>`) builds only the schemas of the domains it calls.
   */
  endpoints?(domain: string): Promise<EndpointGroup | undefined>;
}

type EndpointGroup = Readonly<Record<string, EndpointDef>>;

export interface ApiClient {
  call<E extends EndpointDef>(
    endpoint: E | EndpointRef<E>,
    ...input: OptionalIfEmpty<CallInput<E>>
  ): Promise<ResponseOf<E>>;
  /** An `upload` endpoint: text fields and files as multipart/form-data, with upload progress (0 to 1). */
  upload<E extends EndpointDef>(endpoint: E | EndpointRef<E>, input: UploadInput<E>): Promise<ResponseOf<E>>;
  /** A `file` endpoint: the file itself. */
  file<E extends EndpointDef>(
    endpoint: E | EndpointRef<E>,
    ...input: OptionalIfEmpty<Pick<CallInput<E>, 'params' | 'query'>>
  ): Promise<Blob>;
}

export type UploadInput<E extends EndpointDef> = CallInput<E> & {
  files: Record<string, Blob>;
  onProgress?: (fraction: number) => void;
};

/** Uploads may take a while on a phone network; the usual timeout would cut them off. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The input argument may be left out when the endpoint takes nothing required. */
type OptionalIfEmpty<T> = Record<string, never> extends T ? [input?: T] : [input: T];

type QueryValue = string | number | boolean | null | undefined;

export function urlOf(
  endpoint: Pick<EndpointDef, 'path'>,
  input: { params?: object; query?: object },
  lang: string,
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  search.set('lang', lang);
  return `${pathOf(endpoint, input.params as Record<string, unknown> | undefined)}?${search.toString()}`;
}

interface FailureEnvelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
  errorCode?: unknown;
  params?: unknown;
}

/** The one way both apps call the API: URL from the contract, envelope unwrapped, `data` checked against the contract. */
export function createApiClient(options: ClientOptions): ApiClient {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const clientError = (code: ClientErrorCode) => new ApiError(code, options.clientMessage(code));

  /** The response schema of an entry, or of the entry a route names (loading its domain's entries). */
  function responseSchema(endpoint: EndpointDef | EndpointRef): Promise<EndpointDef['response']> {
    if ('response' in endpoint) return Promise.resolve(endpoint.response);
    if (!options.endpoints)
      return Promise.reject(new Error(`no endpoint table to check ${endpoint.key} with`));
    const [domain = '', name = ''] = endpoint.key.split('.');
    return options.endpoints(domain).then((group) => {
      const entry = group?.[name];
      if (!entry) throw new Error(`no endpoint ${endpoint.key}`);
      return entry.response;
    });
  }

  async function call<E extends EndpointDef>(
    endpoint: E | EndpointRef<E>,
    input: CallInput<E> = {} as CallInput<E>,
  ): Promise<ResponseOf<E>> {
    // Loads alongside the request; a failure surfaces only when a successful response needs checking.
    // The schemas load alongside the request.
    const schema = responseSchema(endpoint);
    schema.catch(() => undefined);
    const token = options.token();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.token = token;
    // PUT carries a body only where the endpoint has one (a watchlist PUT names everything in its path).
    const hasBody = endpoint.method === 'POST' || (endpoint.method === 'PUT' && input.body !== undefined);
    if (hasBody) headers['content-type'] = 'application/json';
    if (input.idempotencyKey) headers['idempotency-key'] = input.idempotencyKey;

    let response: Response;
    try {
      response = await fetchImpl(
        urlOf(endpoint, input as { params?: object; query?: object }, options.lang()),
        {
          method: endpoint.method,
          headers,
          body: hasBody ? JSON.stringify(input.body ?? {}) : undefined,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        },
      );
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw clientError(timedOut ? 'TIMEOUT' : 'NETWORK');
    }

    const envelope = (await response.json().catch(() => null)) as FailureEnvelope | null;
    if (response.ok && envelope?.code === ENVELOPE_OK) return checked<E>(schema, envelope.data);
    throw failure(response.status, envelope);
  }

  /** The ApiError of a failed answer (an envelope, or something unreadable). */
  function failure(status: number, envelope: FailureEnvelope | null): ApiError {
    if (!envelope || typeof envelope.msg !== 'string') {
      const error = clientError('BAD_RESPONSE');
      if (status === 401) return expired(new ApiError('SESSION_EXPIRED', error.message, {}, 401));
      return error;
    }
    const error = new ApiError(
      isErrorCode(envelope.errorCode) ? envelope.errorCode : status === 401 ? 'SESSION_EXPIRED' : 'INTERNAL',
      envelope.msg,
      (envelope.params as Record<string, unknown> | undefined) ?? {},
      status,
    );
    return status === 401 ? expired(error) : error;
  }

  /** Without the schemas (offline before they were ever fetched) the data cannot be checked: a network failure. */
  async function checked<E extends EndpointDef>(
    schema: Promise<EndpointDef['response']>,
    data: unknown,
  ): Promise<ResponseOf<E>> {
    const check = await schema.catch(() => null);
    if (!check) throw clientError('NETWORK');
    const parsed = check.safeParse(data);
    if (!parsed.success) throw clientError('BAD_RESPONSE');
    return parsed.data as ResponseOf<E>;
  }

  /** XMLHttpRequest, because fetch reports no upload progress. */
  function upload<E extends EndpointDef>(
    endpoint: E | EndpointRef<E>,
    input: UploadInput<E>,
  ): Promise<ResponseOf<E>> {
    const schema = responseSchema(endpoint);
    schema.catch(() => undefined);
    const form = new FormData();
    for (const [name, value] of Object.entries((input.body ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) form.append(name, String(value));
    }
    for (const [name, file] of Object.entries(input.files)) form.append(name, file);
    return new Promise<{ status: number; envelope: FailureEnvelope | null }>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open(endpoint.method, urlOf(endpoint, input as { params?: object }, options.lang()));
      request.timeout = UPLOAD_TIMEOUT_MS;
      request.setRequestHeader('accept', 'application/json');
      const token = options.token();
      if (token) request.setRequestHeader('token', token);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        let envelope: FailureEnvelope | null = null;
        try {
          envelope = JSON.parse(request.responseText) as FailureEnvelope;
        } catch {
          envelope = null;
        }
        resolve({ status: request.status, envelope });
      };
      request.onerror = () => reject(clientError('NETWORK'));
      request.ontimeout = () => reject(clientError('TIMEOUT'));
      request.send(form);
    }).then(({ status, envelope }) => {
      if (status >= 200 && status < 300 && envelope?.code === ENVELOPE_OK)
        return checked<E>(schema, envelope.data);
      throw failure(status, envelope);
    });
  }

  async function file<E extends EndpointDef>(
    endpoint: E | EndpointRef<E>,
    input: { params?: object; query?: object } = {},
  ): Promise<Blob> {
    const token = options.token();
    let response: Response;
    try {
      response = await fetchImpl(urlOf(endpoint, input, options.lang()), {
        headers: token ? { token } : {},
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
    } catch {
      throw clientError('NETWORK');
    }
    if (response.ok) return response.blob();
    throw failure(response.status, (await response.json().catch(() => null)) as FailureEnvelope | null);
  }

  function expired(error: ApiError): ApiError {
    options.onSessionExpired?.(error);
    return error;
  }

  return {
    call: call as ApiClient['call'],
    upload,
    file: file as ApiClient['file'],
  };
}
