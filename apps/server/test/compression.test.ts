import { api, type EndpointDef } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, COMPRESS_THRESHOLD_BYTES } from '../src/app';
import { createTestApp, DEMO, post, staffToken, totpNow, type TestApp } from './harness';

let t: TestApp;
/** The same server with every API answer long enough to compress, to see which endpoints opt out. */
let eager: FastifyInstance;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  eager = await buildApp(t.ctx, { serveStatic: false, compressThreshold: 0 });
  await eager.ready();
  token = await staffToken(t);
  for (let i = 0; i < 12; i += 1) {
    const created = await post(
      t.app,
      '/api/staff/invitation-codes',
      { maxUses: 5, note: `campaign ${i}` },
      token,
    );
    expect(created.code).toBe(1);
  }
});
afterAll(async () => {
  await eager.close();
  await t.close();
});

const decode = (encoding: string | undefined, raw: Buffer) =>
  JSON.parse(
    (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(),
  ) as { code: number; errorCode?: string; data?: unknown };

describe('API answers compressed on the fly', () => {
  it('compresses a long answer with brotli, keeping no-store and the envelope', async () => {
    const response = await t.app.inject({
      url: '/api/staff/invitation-codes',
      headers: { token, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-store');
    const envelope = decode('br', response.rawPayload);
    expect(envelope.code).toBe(1);
    expect(JSON.stringify(envelope).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(envelope).length);
  });

  it('uses gzip for a client that accepts only gzip', async () => {
    const response = await t.app.inject({
      url: '/api/staff/invitation-codes',
      headers: { token, 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', response.rawPayload).code).toBe(1);
  });

  it('sends plain JSON to a client without Accept-Encoding (as app.inject does by default)', async () => {
    const response = await t.app.inject({ url: '/api/staff/invitation-codes', headers: { token } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 1 });
  });

  it('leaves answers under the threshold alone', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ code: 1, data: { status: 'ok' } });
  });

  it('compresses the error envelope like any answer, keeping its status and no-store', async () => {
    const response = await eager.inject({
      method: 'POST',
      url: '/api/staff/invitation-codes?lang=ja',
      headers: { token, 'accept-encoding': 'br' },
      payload: { maxUses: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(decode('br', response.rawPayload)).toMatchObject({
      code: 0,
      errorCode: 'INVITE_MAX_USES_INVALID',
    });
  });

  it('never compresses the answers that carry a token, even past the threshold', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const investor = await eager.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { account: DEMO.investor.mobile, password: DEMO.investor.password },
    });
    t.clock.advance(30); // a fresh authenticator code: the one staffToken used is spent
    const staff = await eager.inject({
      method: 'POST',
      url: '/api/staff/auth/login',
      headers,
      payload: { username: DEMO.staff.username, password: DEMO.staff.password, totp: totpNow(t) },
    });
    for (const response of [investor, staff]) {
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ code: 1, data: { token: expect.any(String) } });
    }
    // The same server compresses an ordinary answer of any length.
    const health = await eager.inject({ url: '/api/health', headers });
    expect(health.headers['content-encoding']).toBe('br');
  });
});

/** Property names anywhere in an endpoint's response schema. */
function fieldNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((item) => fieldNames(item, into));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object')
        Object.keys(value).forEach((name) => into.add(name));
      fieldNames(value, into);
    }
  }
  return into;
}

describe('endpoints whose answer carries a credential', () => {
  const CREDENTIAL_FIELDS = [
    'token',
    'deviceToken',
    'temporaryPassword',
    'totpSecret',
    'code',
    'secret',
    'otpauthUri',
    'challengeToken',
  ];
  /**
   * `code` there is an invitation code, made to be handed out, or a securities code (market data, the
   * watchlist, price alerts, orders and positions and their back-office views, the trading history, the stock of
   * a statement's trading entries, the test price path), not a credential.
   */
  const NOT_CREDENTIAL_CODES =
    /^\S+ \/api\/(staff\/invitation-codes|market\/|watchlist|alerts|orders|positions|staff\/trading\/|trading\/history|account\/ledger|staff\/users\/:userId\/ledger|test\/quotes)/;
  const endpoints = Object.values(api).flatMap((group) => Object.values(group) as EndpointDef[]);
  const key = (endpoint: EndpointDef) => `${endpoint.method} ${endpoint.path}`;

  it('are exactly those marked carriesSecrets in the contract', () => {
    const carrying = endpoints
      .filter((endpoint) => {
        const names = fieldNames(z.toJSONSchema(endpoint.response, { io: 'output', unrepresentable: 'any' }));
        return CREDENTIAL_FIELDS.some((name) => names.has(name)) && !NOT_CREDENTIAL_CODES.test(key(endpoint));
      })
      .map(key)
      .sort();
    const marked = endpoints
      .filter((endpoint) => endpoint.carriesSecrets)
      .map(key)
      .sort();
    expect(carrying).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/register',
        'POST /api/staff/auth/login',
      ]),
    );
    expect(marked).toEqual(carrying);
  });
});
