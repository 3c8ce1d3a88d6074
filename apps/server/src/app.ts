import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { normalizeLang } from '@kabuto/i18n';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_PATTERN } from '@kabuto/contract';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { DestinationStream } from 'pino';
import { loadRedis } from './platform/bus';
import type { AppContext } from './platform/context';
import { notFound, registerHttpConventions, sendError, validatorCompiler } from './platform/http';
import { registerRoutes, type Route } from './platform/routes';
import { alertRoutes } from './modules/alerts';
import { auditStaffRefusal, auditStaffRoutes } from './modules/audit';
import { authenticateInvestor, authRoutes, investorSessionEndReason } from './modules/auth';
import { compatRoutes } from './modules/compat';
import { fundingRoutes, fundingStaffRoutes } from './modules/funding';
import { factorRoutes } from './modules/factors';
import { invitationStaffRoutes } from './modules/invitations';
import { ledgerRoutes, ledgerStaffRoutes } from './modules/ledger';
import { kycRoutes, kycStaffRoutes } from './modules/kyc';
import { marketOf, marketRoutes, searchHistoryRoutes, watchlistRoutes } from './modules/market';
import { tradesOfReferences, testPriceRoutes, tradingRoutes } from './modules/trading';
import { riskStaffRoutes } from './modules/risk';
import { messagingRoutes, messagingStaffRoutes } from './modules/messaging';
import { registerRealtime, type HubTiming } from './modules/realtime';
import { smsRoutes, smsStaffRoutes } from './modules/sms';
import { authenticateStaff, staffStaffRoutes } from './modules/staff';
import { APP_VERSION, systemRoutes } from './modules/system';
import { userStaffRoutes } from './modules/users';

export interface BuildOptions {
  /** Fastify's logger: off, or pino at `level`, writing to stdout unless a `stream` is given. */
  logger?: boolean | { level: string; stream?: DestinationStream };
  /** Serve the built web app and back office when their dist folders exist. */
  serveStatic?: boolean;
  /** API answers at least this long (bytes) are compressed for clients that accept it; tests lower it. */
  compressThreshold?: number;
  /** Heartbeat and session-check intervals of the WebSocket; tests shorten them. */
  realtimeTiming?: HubTiming;
}

/** Below ~1 KB compression saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Trust the nearest `hops` proxies (TRUST_PROXY=2): Fastify's function form of a hop count. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Two log lines per request cost more than the request itself; failures (5xx) and slow requests are
    // logged instead (platform/http.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: ctx.config.bodyLimitBytes,
    trustProxy:
      typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
    ajv: { customOptions: { removeAdditional: false } },
    // Errors Fastify raises before routing (a malformed URL) get the same localised envelope.
    frameworkErrors: (error, request, reply) => {
      request.lang = normalizeLang(new URLSearchParams(request.raw.url?.split('?')[1] ?? '').get('lang'));
      void sendError(request, reply, { status: 400, errorCode: 'BAD_REQUEST', params: {} });
      request.log.debug({ err: error }, 'framework error');
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerHttpConventions(app);

  // Built once: @fastify/helmet builds helmet's middleware again on every request (about 2% of an order's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", inlineScriptHashes(join(ctx.config.webDist, 'index.html'))],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // 'self' covers the app's own ws: and wss: (Chrome 71, Safari 16); a bare ws: would let a script send
        // anything it read to any host. Where 'self' does not (older Safari), the app polls over HTTP instead.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );

  const redis = ctx.config.redisUrl
    ? new (loadRedis())(ctx.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: 'kabuto-rl:' } : {}) });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kabuto API',
        version: APP_VERSION.version,
        description:
          'Every response is an envelope {code, msg, data}: code 1 is success; failures carry code 0 (or 401 for an expired session), a localised msg and a stable errorCode. Send the session token in the `token` header and the language as `?lang=` (ja, zh-CN, en, es, fr; jp, cn and sp too); without it, the first supported language of Accept-Language, else English.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: withIdempotencyKeyHeader,
  });
  // The API and its reference, compressed on the fly (brotli at quality 4, or gzip) when the answer is long
  // enough and the client accepts it. Only here: the built apps are compressed at build time. Endpoints whose
  // answer carries a credential opt out (docs/decisions/0004-no-compression-of-secrets.md).
  await app.register(async (api) => {
    await api.register(compress, {
      threshold: options.compressThreshold ?? COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
    });
    await api.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    // Parsed only by the upload endpoints themselves (platform/multipart.ts), with their own limits.
    await api.register(multipart);
    registerRoutes(api, apiRoutes(ctx), {
      authenticate: {
        investor: (token) => authenticateInvestor(ctx, token),
        investorEndReason: (token) => investorSessionEndReason(ctx, token),
        staff: (token) => authenticateStaff(ctx, token),
      },
      authRateLimit: {
        max: ctx.config.authRateLimitMax,
        timeWindow: ctx.config.authRateLimitWindowSeconds * 1000,
      },
      exportRateLimit: {
        max: ctx.config.exportRateLimitMax,
        timeWindow: ctx.config.exportRateLimitWindowSeconds * 1000,
      },
      staffRefused: (refusal) => auditStaffRefusal(ctx, refusal),
    });
  });

  await registerRealtime(app, ctx, options.realtimeTiming);

  if (options.serveStatic !== false) registerStatic(app, ctx);
  app.setNotFoundHandler((request, reply) => notFound(request, reply));
  return app;
}

/** Every module's routes, investor-facing then staff-facing; each handles one endpoint of the contract. */
export function apiRoutes(ctx: AppContext): Route[] {
  return [
    ...systemRoutes(ctx),
    ...smsRoutes(ctx),
    ...authRoutes(ctx),
    ...factorRoutes(ctx),
    ...compatRoutes(ctx),
    ...ledgerRoutes(ctx, tradesOfReferences),
    ...fundingRoutes(ctx),
    ...kycRoutes(ctx),
    ...messagingRoutes(ctx),
    ...marketRoutes(ctx),
    ...watchlistRoutes(ctx),
    ...searchHistoryRoutes(ctx),
    ...alertRoutes(ctx),
    ...tradingRoutes(ctx),
    ...testPriceRoutes(ctx),
    ...staffStaffRoutes(ctx),
    ...userStaffRoutes(ctx),
    ...invitationStaffRoutes(ctx),
    ...auditStaffRoutes(ctx),
    ...smsStaffRoutes(ctx),
    ...ledgerStaffRoutes(ctx, tradesOfReferences),
    ...fundingStaffRoutes(ctx),
    ...kycStaffRoutes(ctx),
    ...messagingStaffRoutes(ctx),
    ...riskStaffRoutes(ctx),
  ];
}

/**
 * The CSP sources ('sha256-…') of the inline scripts of a built page: the investor app's index.html draws its
 * first screen, and requests the app's code, with one (apps/web/first-screen). Read from the build, again
 * whenever the file changes, so a new build is allowed as it is without a restart. Every response carries the
 * policy, so the file is looked at no more than once a second (a stat per request was 2% of an order's CPU).
 */
export function inlineScriptHashes(file: string, now: () => number = Date.now): () => string {
  let seen: { mtimeMs: number | undefined; sources: string } | null = null;
  let checkedAt = -Infinity;
  return () => {
    if (seen && now() - checkedAt < SCRIPT_HASH_RECHECK_MS) return seen.sources;
    checkedAt = now();
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (!seen || seen.mtimeMs !== mtimeMs) {
      const scripts =
        mtimeMs === undefined
          ? []
          : [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)];
      const sources = scripts.map(
        ([, script = '']) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
      );
      seen = { mtimeMs, sources: sources.join(' ') };
    }
    return seen.sources;
  };
}
const SCRIPT_HASH_RECHECK_MS = 1000;

/**
 * Cache-Control of a file of a built app, by its path inside the app's folder. Vite's hashed assets
 * (`assets/<name>-<hash>.<ext>`) never change under their name, so browsers keep them for a year without asking;
 * everything else (index.html, a service worker and its runtime, the web manifest, icons) is revalidated on every
 * use, so a new build is picked up at once.
 */
export function staticCacheControl(pathInApp: string): string {
  const file = pathInApp.replace(/\.(br|gz)$/, '').replaceAll('\\', '/');
  return HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

/**
 * The investor app's index.html as built, with what only the server knows put on its `<html>`:
 * `data-market="simulated"` when the market feed is generated, so the first screen (apps/web/first-screen) can
 * draw the simulated-data note before any data has arrived, and the app keep it there until the quotes, which
 * say it themselves, come. Left out of the copy the service worker precaches (requested with workbox's
 * `__WB_REVISION__`): that copy is kept across server changes and opens the app offline, where it would speak
 * for a server it has not heard from; without the mark the note comes with the quotes, as before. Compressed
 * once per build and answer (brotli or gzip, as the client accepts) and, like the file, revalidated on every use.
 */
function investorIndex(ctx: AppContext, file: string) {
  type Sent = { body: Buffer; br: Buffer; gzip: Buffer; etag: string };
  let built: { mtimeMs: number; sent: Map<boolean, Sent> } | null = null;
  const market = marketOf(ctx);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(file)) return notFound(request, reply);
    const { mtimeMs } = statSync(file);
    if (built?.mtimeMs !== mtimeMs) built = { mtimeMs, sent: new Map() };
    const precaching = Object.hasOwn((request.query ?? {}) as object, '__WB_REVISION__');
    let simulated = false;
    if (!precaching) {
      try {
        simulated = (await market.feed()).simulated;
      } catch (error) {
        // The page is served all the same: the note then comes with the quotes.
        request.log.warn({ err: error }, 'index.html: the market feed could not be read');
      }
    }
    let sent = built.sent.get(simulated);
    if (!sent) {
      const html = readFileSync(file, 'utf8');
      const body = Buffer.from(simulated ? html.replace(/<html\b/, '<html data-market="simulated"') : html);
      sent = {
        body,
        br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(body, { level: 9 }),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
      built.sent.set(simulated, sent);
    }
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    void reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', sent.etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === sent.etag) return reply.code(304).send();
    if (encoding) void reply.header('content-encoding', encoding);
    return reply.send(encoding ? sent[encoding] : sent.body);
  };
}

/**
 * The two built apps, sent as built: `<file>.br` or `<file>.gz` beside a file (scripts/precompress.mjs) is
 * sent instead when the client accepts that encoding, with `Vary: Accept-Encoding` on every answer.
 */
function registerStatic(app: FastifyInstance, ctx: AppContext): void {
  const serve = (root: string, prefix: string, decorateReply: boolean) =>
    void app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply,
      // An array: with `preCompressed`, @fastify/static 10 finds no index file for `/` when `index` is a string.
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) =>
        void reply.header('cache-control', staticCacheControl(relative(root, path))),
    });
  if (existsSync(ctx.config.webDist)) {
    const index = investorIndex(ctx, join(ctx.config.webDist, 'index.html'));
    app.get('/', index);
    app.get('/index.html', index);
    serve(ctx.config.webDist, '/', true);
  }
  if (existsSync(ctx.config.backofficeDist)) {
    app.get('/backoffice', (_request, reply) => reply.redirect('/backoffice/'));
    serve(ctx.config.backofficeDist, '/backoffice/', false);
  }
}

/**
 * The reference's shape of a route: its zod schemas as JSON Schema, and on an endpoint that moves money its
 * required `Idempotency-Key` header as a parameter, so that a client generated from the document sends it. The
 * route itself checks the header (platform/routes.ts), with the catalogue's own errors.
 */
const withIdempotencyKeyHeader: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  if (!(input.schema as Record<string, unknown> | undefined)?.['x-idempotency-key']) return transformed;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      headers: {
        type: 'object',
        required: ['Idempotency-Key'],
        properties: {
          'Idempotency-Key': {
            type: 'string',
            pattern: IDEMPOTENCY_KEY_PATTERN.source,
            description:
              'The endpoint moves money: a key new for each new request; a retry with the same key answers with ' +
              'the first outcome and moves nothing again.',
          },
        },
      },
    },
  };
};
