import type { z } from 'zod';
import type { Permission } from './enums';
import type { ErrorCode } from './errors';

/** Who may call an endpoint: anyone, a signed-in investor, or a staff member (holding a permission). */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'investor' }
  | { readonly kind: 'staff'; readonly permission: Permission | null };

export const PUBLIC = { kind: 'public' } as const;
export const INVESTOR = { kind: 'investor' } as const;
export const staff = <const P extends Permission | null = null>(permission: P = null as P) =>
  ({ kind: 'staff', permission }) as const;

/**
 * One endpoint, described once: the server registers its route from this entry, the clients build the
 * URL and read the response from it, and the API reference is generated from it.
 */
export interface EndpointDef {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path with `:name` parameters. */
  readonly path: `/api/${string}`;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The `data` of the success envelope `{ code: 1, msg, data }`. */
  readonly response: z.ZodType;
  /** Counted by the per-client limit on endpoints that take a password, send a code or decode an upload. */
  readonly authRateLimited?: boolean;
  /** A whole history as one answer (a CSV export): counted per signed-in caller by a limit of its own, with no HEAD route. */
  readonly exportRateLimited?: boolean;
  /**
   * The response carries a credential (a session or device token, a temporary password, an authenticator
   * secret, an SMS code). Such responses are never compressed (docs/decisions/0004-no-compression-of-secrets.md).
   */
  readonly carriesSecrets?: boolean;
  /**
   * The endpoint moves money: it reads an `Idempotency-Key` header (scoped to the caller), and a retry with the
   * same key returns the first outcome without moving anything again.
   */
  readonly movesMoney?: boolean;
  /**
   * The request is multipart/form-data: `body` validates its text fields; `files` names each file part with
   * the error its absence raises. Every file is read whole (at most `maxFileBytes`, else `tooLarge`) before
   * the handler runs.
   */
  readonly upload?: {
    readonly files: Readonly<Record<string, ErrorCode>>;
    readonly maxFileBytes: number;
    readonly tooLarge: ErrorCode;
  };
  /** The answer is a file under its own Content-Type (never cached); failures are envelopes as usual. */
  readonly file?: true;
}

export const endpoint = <const E extends EndpointDef>(definition: E): E => definition;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, after validation and transforms. */
export type ParamsOf<E extends EndpointDef> = Out<E['params']>;
export type QueryOf<E extends EndpointDef> = Out<E['query']>;
export type BodyOf<E extends EndpointDef> = Out<E['body']>;
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>;

/** What a client passes: only the parts the endpoint has, as they are typed before validation. */
export type CallInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: In<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: In<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : { body?: never }) & {
    /** Sent as the `Idempotency-Key` header: the same key makes a retry return the first outcome. */
    idempotencyKey?: string;
  };

/** The path with its `:name` parameters filled in and URL-encoded. */
export function pathOf(definition: Pick<EndpointDef, 'path'>, params?: Record<string, unknown>): string {
  return definition.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** "public", "investor" or "staff (users.read)": the access line of the API reference. */
export function describeAccess(access: Access): string {
  if (access.kind !== 'staff') return access.kind;
  return access.permission ? `staff (${access.permission})` : 'staff';
}

/**
 * An endpoint named without its schemas (`routes.<domain>.<name>`, generated from `api`): what a client needs
 * to call it, typed by the full entry. A client given one checks the response once the schemas have loaded,
 * so the investor app starts without zod.
 */
export interface EndpointRef<E extends EndpointDef = EndpointDef> {
  /** `<domain>.<name>` of the entry in `api`. */
  readonly key: string;
  readonly method: E['method'];
  readonly path: E['path'];
  /** Type only, never set: the entry this names. */
  readonly endpoint?: E;
}
