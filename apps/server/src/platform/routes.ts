import {
  describeAccess,
  type Access,
  type BodyOf,
  type EndpointDef,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type StaffRole,
} from '@kabuto/contract';
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '@kabuto/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientMeta } from './context';
import { AppError, fail, type ErrorParams } from './errors';
import { envelope, ok, validatorCompiler } from './http';
import { readMultipart, requireFiles } from './multipart';

export interface InvestorActor {
  userId: bigint;
  sessionId: bigint;
}

export interface StaffActor {
  staffId: bigint;
  sessionId: bigint;
  username: string;
  role: StaffRole;
}

type ActorOf<A extends Access> = A extends { kind: 'investor' }
  ? InvestorActor
  : A extends { kind: 'staff' }
    ? StaffActor
    : null;

export interface RouteInput<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  actor: ActorOf<E['access']>;
  meta: ClientMeta;
  request: FastifyRequest;
  /**
   * The caller's `Idempotency-Key` on endpoints that move money, where it is required (`IDEMPOTENCY_KEY_REQUIRED`);
   * a fresh one elsewhere.
   */
  idempotencyKey: string;
  /** The file parts of an `upload` endpoint, read whole; empty otherwise. */
  files: Record<string, Buffer>;
}

/** What the handler of a `file` endpoint returns: sent as is under its Content-Type. */
export interface FileAnswer {
  contentType: string;
  bytes: Uint8Array;
  /** Offered as a download under this name; without one the file is shown inline. */
  filename?: string;
}

export interface Route<E extends EndpointDef = EndpointDef> {
  endpoint: E;
  handle(input: RouteInput<E>): Promise<ResponseOf<E>>;
}

/** A handler for one contract endpoint; it returns the envelope's `data`. */
export const route = <E extends EndpointDef>(
  endpoint: E,
  handle: (input: RouteInput<E>) => Promise<ResponseOf<E>>,
): Route => ({ endpoint, handle }) as unknown as Route;

/** How the session in the `token` header becomes an actor; null when it is missing or has ended. */
export interface Authenticators {
  investor(token: string): Promise<InvestorActor | null>;
  /** Why an investor token that no longer authenticates was ended on purpose, if it was (`params.reason` of the 401). */
  investorEndReason(token: string): Promise<string | null>;
  staff(token: string): Promise<(StaffActor & { can(permission: string): boolean }) | null>;
}

/** A staff member's request the server refused with a catalogued error: who asked, for what, and why not. */
export interface StaffRefusal {
  staff: StaffActor;
  /** The method and path as sent, without its query: `POST /api/staff/withdrawals/12/approve`. */
  request: string;
  errorCode: AppError['errorCode'];
  params: ErrorParams;
  meta: ClientMeta;
}

export interface RegisterOptions {
  authenticate: Authenticators;
  authRateLimit: { max: number; timeWindow: number };
  exportRateLimit: { max: number; timeWindow: number };
  /** Told of every refused staff request (the caller decides which it audits); its own failure is logged. */
  staffRefused?: (refusal: StaffRefusal) => Promise<void>;
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

const tokenOf = (request: FastifyRequest) => {
  const header = request.headers.token;
  return typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : null;
};

async function actorFor(access: Access, request: FastifyRequest, options: RegisterOptions) {
  const { authenticate } = options;
  if (access.kind === 'public') return null;
  const token = tokenOf(request);
  if (access.kind === 'investor') {
    if (!token) throw fail('SESSION_EXPIRED');
    const investor = await authenticate.investor(token);
    if (investor) return investor;
    const reason = await authenticate.investorEndReason(token);
    throw fail('SESSION_EXPIRED', reason ? { reason } : {});
  }
  const staff = token ? await authenticate.staff(token) : null;
  if (!staff) throw fail('SESSION_EXPIRED');
  if (access.permission && !staff.can(access.permission))
    throw await refused(options, staff, request, fail('STAFF_PERMISSION_DENIED'));
  return staff;
}

/** Reports a refused staff request, then hands back the refusal for the caller to throw. */
async function refused(
  options: RegisterOptions,
  staff: StaffActor,
  request: FastifyRequest,
  error: AppError,
) {
  try {
    await options.staffRefused?.({
      staff,
      request: `${request.method} ${request.url.split('?')[0]}`,
      errorCode: error.errorCode,
      params: error.params,
      meta: clientMeta(request),
    });
  } catch (reportError) {
    request.log.error({ err: reportError }, 'a refused staff request could not be reported');
  }
  return error;
}

function idempotencyKeyOf(endpoint: EndpointDef, request: FastifyRequest): string {
  if (!endpoint.movesMoney) return randomUUID();
  const header = request.headers['idempotency-key'];
  // Without a key a retry after a lost answer would move the money again: the request is refused instead.
  if (header === undefined) throw fail('IDEMPOTENCY_KEY_REQUIRED');
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw fail('IDEMPOTENCY_KEY_INVALID');
  return header;
}

/** The actor each request was authenticated as, set before validation so callers without a session learn nothing about the schema. */
type Actor = InvestorActor | StaffActor | null;
const actors = new WeakMap<FastifyRequest, Actor>();

/** The text fields and files of an `upload` endpoint, validated in form order: the fields, then each file. */
async function readUpload(endpoint: EndpointDef, request: FastifyRequest) {
  const upload = endpoint.upload!;
  const { fields, files } = await readMultipart(request, upload);
  let body: unknown = fields;
  if (endpoint.body) {
    const result = validatorCompiler({ schema: endpoint.body, method: endpoint.method, url: endpoint.path })(
      fields,
    ) as { value?: unknown; error?: Error };
    if (result.error) throw result.error;
    body = result.value;
  }
  requireFiles(upload, files);
  return { body, files };
}

/**
 * An export's limit counts each signed-in caller, from any address: it runs once the session is known
 * (preHandler, after preValidation has found the actor). The count is the route's own, so such a route
 * has no HEAD twin (exportRateLimited), which would be counted apart while it runs the whole export too.
 */
function exportRateLimit(limit: RegisterOptions['exportRateLimit']) {
  return {
    ...limit,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const actor = actors.get(request);
      if (!actor) return `address:${request.ip}`;
      return 'userId' in actor ? `investor:${actor.userId}` : `staff:${actor.staffId}`;
    },
  };
}

/**
 * Registers each route from its contract entry: schemas for validation, serialisation and the OpenAPI
 * document, the access check, the auth rate limit, and the success envelope.
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: readonly Route[],
  options: RegisterOptions,
): void {
  for (const { endpoint, handle } of routes) {
    const access = describeAccess(endpoint.access);
    const answer = async (request: FastifyRequest, reply: FastifyReply, actor: Actor) => {
      const { body, files } = endpoint.upload
        ? await readUpload(endpoint, request)
        : { body: request.body, files: {} };
      const data = await handle({
        params: request.params,
        query: request.query,
        body,
        actor,
        meta: clientMeta(request),
        request,
        idempotencyKey: idempotencyKeyOf(endpoint, request),
        files,
      } as RouteInput<EndpointDef>);
      if (endpoint.file) {
        const file = data as FileAnswer;
        return reply
          .type(file.contentType)
          .header('content-disposition', file.filename ? `attachment; filename="${file.filename}"` : 'inline')
          .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
      }
      return ok(request, data);
    };
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: endpoint.authRateLimited
        ? { rateLimit: options.authRateLimit }
        : endpoint.exportRateLimited
          ? { rateLimit: exportRateLimit(options.exportRateLimit) }
          : {},
      ...(endpoint.exportRateLimited ? { exposeHeadRoute: false } : {}),
      // Never compressed: a credential beside reflected input would leak through the length (BREACH).
      ...(endpoint.carriesSecrets ? { compress: false as const } : {}),
      schema: {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        description: [`Access: ${access}.`, endpoint.description].filter(Boolean).join(' '),
        ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !endpoint.upload ? { body: endpoint.body } : {}),
        ...(endpoint.upload ? { consumes: ['multipart/form-data'] } : {}),
        ...(endpoint.file ? {} : { response: { 200: envelope(endpoint.response) } }),
        'x-access': access,
        // Declared in the reference as a required header (app.ts), checked here (idempotencyKeyOf).
        ...(endpoint.movesMoney ? { 'x-idempotency-key': 'required' } : {}),
      },
      preValidation: async (request) => {
        actors.set(request, await actorFor(endpoint.access, request, options));
      },
      handler: async (request, reply) => {
        const actor = actors.get(request) ?? null;
        if (endpoint.access.kind !== 'staff') return answer(request, reply, actor);
        try {
          return await answer(request, reply, actor);
        } catch (error) {
          if (error instanceof AppError) throw await refused(options, actor as StaffActor, request, error);
          throw error;
        }
      },
    });
  }
}
