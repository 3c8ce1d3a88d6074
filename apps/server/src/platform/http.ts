import {
  ENVELOPE_FAIL,
  ENVELOPE_OK,
  ENVELOPE_SESSION_EXPIRED,
  ERROR_STATUS,
  fieldOrderOf,
  formatPrice,
  formatYen,
  firstError,
  type ErrorCode,
  type FirstError,
} from '@kabuto/contract';
import { FALLBACK_LANG, langFromAcceptLanguage, normalizeLang, translate, type Lang } from '@kabuto/i18n';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
} from 'fastify';
import { z, type ZodType } from 'zod';
import { AppError, type ErrorParams } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** The success envelope `{ code: 1, msg, data }` (docs/architecture.md), as a response schema. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.literal(ENVELOPE_OK), msg: z.string(), data });

export function ok<T>(request: FastifyRequest, data: T) {
  return {
    code: ENVELOPE_OK as typeof ENVELOPE_OK,
    msg: translate(request.lang, 'common', 'requestSucceeded'),
    data,
  };
}

/** Zod validation that reports the first failing field (in form order) as an ErrorCode. */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => {
  const order = fieldOrderOf(schema);
  return (data) => {
    const nul = pathOfNul(data);
    if (nul !== null) {
      const first: FirstError = { errorCode: 'VALIDATION_FAILED', params: { field: nul }, field: nul };
      return { error: Object.assign(new Error(first.errorCode), { firstError: first }) };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const first: FirstError = firstError(result.error.issues, order) ?? {
      errorCode: 'VALIDATION_FAILED',
      params: { field: '' },
      field: null,
    };
    return { error: Object.assign(new Error(first.errorCode), { firstError: first }) };
  };
};

/** PostgreSQL text cannot hold U+0000; such input is refused up front instead of failing in the database. */
function pathOfNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = pathOfNul(child, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

interface Classified {
  status: number;
  errorCode: ErrorCode;
  params: ErrorParams;
}

function classify(error: FastifyError & { firstError?: FirstError }): Classified {
  if (error instanceof AppError)
    return { status: error.status, errorCode: error.errorCode, params: error.params };
  // A malformed id names nothing that exists, so it is answered like a missing one (the catalogue says 404).
  if (error.firstError) {
    const { errorCode, params } = error.firstError;
    return { status: ERROR_STATUS[errorCode], errorCode, params };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, errorCode: 'BAD_JSON', params: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, errorCode: 'BAD_JSON', params: {} };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, errorCode: 'BODY_TOO_LARGE', params: {} };
    case 'FST_ERR_VALIDATION':
      return { status: 400, errorCode: 'VALIDATION_FAILED', params: { field: '' } };
  }
  if (error.statusCode === 429) return { status: 429, errorCode: 'RATE_LIMITED', params: {} };
  if (error instanceof SyntaxError) return { status: 400, errorCode: 'BAD_JSON', params: {} };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, errorCode: 'BAD_REQUEST', params: {} };
  return { status: 500, errorCode: 'INTERNAL', params: {} };
}

/**
 * Parameters as a message shows them, as the screens do: an amount of money with thousands separators
 * ("63,199.00"), a share price as quoted ("2,790", "2,790.5"). The response's `params` keep plain decimals.
 */
function messageParams(params: Classified['params']): Classified['params'] {
  const shown = { ...params };
  if (typeof params.amount === 'string') shown.amount = formatYen(params.amount);
  if (typeof params.last === 'string') shown.last = formatPrice(params.last);
  return shown;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, failure: Classified) {
  const code = failure.status === 401 ? ENVELOPE_SESSION_EXPIRED : ENVELOPE_FAIL;
  return reply.status(failure.status).send({
    code,
    msg: translate(request.lang, 'errors', failure.errorCode, messageParams(failure.params)),
    errorCode: failure.errorCode,
    params: failure.params,
  });
}

/** Requests slower than this are logged (at warn); Fastify's per-request logging is off. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Language from `?lang=`, else from Accept-Language, the error envelope for every failure, a JSON 404 under
 * /api, and no caching of API answers (they carry tokens, balances and personal data).
 */
export function registerHttpConventions(app: FastifyInstance): void {
  app.decorateRequest('lang', 'en');
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const lang = typeof query?.lang === 'string' ? query.lang : undefined;
    request.lang =
      lang === undefined
        ? (langFromAcceptLanguage(request.headers['accept-language']) ?? FALLBACK_LANG)
        : normalizeLang(lang);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.elapsedTime >= SLOW_REQUEST_MS) {
      request.log.warn(
        {
          method: request.method,
          url: request.routeOptions.url ?? request.url.split('?')[0],
          statusCode: reply.statusCode,
          responseTime: Math.round(reply.elapsedTime),
        },
        'slow request',
      );
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const classified = classify(error);
    if (classified.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, classified);
  });
}

export function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, { status: 404, errorCode: 'NOT_FOUND', params: {} });
}
