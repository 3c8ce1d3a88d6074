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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientMeta } from './context';
import { fail } from './errors';
import { envelope, ok } from './http';

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
  staff(token: string): Promise<(StaffActor & { can(permission: string): boolean }) | null>;
}

export interface RegisterOptions {
  authenticate: Authenticators;
  authRateLimit: { max: number; timeWindow: number };
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

const tokenOf = (request: FastifyRequest) => {
  const header = request.headers.token;
  return typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : null;
};

async function actorFor(access: Access, request: FastifyRequest, authenticate: Authenticators) {
  if (access.kind === 'public') return null;
  const token = tokenOf(request);
  if (access.kind === 'investor') {
    const investor = token ? await authenticate.investor(token) : null;
    if (!investor) throw fail('SESSION_EXPIRED');
    return investor;
  }
  const staff = token ? await authenticate.staff(token) : null;
  if (!staff) throw fail('SESSION_EXPIRED');
  if (access.permission && !staff.can(access.permission)) throw fail('STAFF_PERMISSION_DENIED');
  return staff;
}

/** The actor each request was authenticated as, set before validation so callers without a session learn nothing about the schema. */
const actors = new WeakMap<FastifyRequest, InvestorActor | StaffActor | null>();

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
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: endpoint.authRateLimited ? { rateLimit: options.authRateLimit } : {},
      // Never compressed: a credential beside reflected input would leak through the length (BREACH).
      ...(endpoint.carriesSecrets ? { compress: false as const } : {}),
      schema: {
        tags: [endpoint.tag],
        summary: endpoint.summary,
        description: [`Access: ${access}.`, endpoint.description].filter(Boolean).join(' '),
        ...(endpoint.access.kind === 'public' ? { security: [] } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: { 200: envelope(endpoint.response) },
        'x-access': access,
      },
      preValidation: async (request) => {
        actors.set(request, await actorFor(endpoint.access, request, options.authenticate));
      },
      handler: async (request) => {
        const actor = actors.get(request) ?? null;
        const data = await handle({
          params: request.params,
          query: request.query,
          body: request.body,
          actor,
          meta: clientMeta(request),
          request,
        } as RouteInput<EndpointDef>);
        return ok(request, data);
      },
    });
  }
}
