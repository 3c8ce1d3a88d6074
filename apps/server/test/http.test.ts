import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config';
import { createTestApp, post, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimitBytes: 2048 });
});
afterAll(() => t.close());

const emptyLogin = { account: '', password: 'x' };

/** The msg of a login refused for its empty account, asked from its own address (no rate limit shared). */
const emptyLoginMsg = async (query: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/api/auth/login${query}`,
      headers,
      payload: emptyLogin,
      remoteAddress,
    })
  ).json().msg;

describe('language of msg', () => {
  it.each([
    ['jp', '携帯電話番号を入力してください'],
    ['ja', '携帯電話番号を入力してください'],
    ['cn', '请输入手机号码'],
    ['zh-CN', '请输入手机号码'],
    ['en', 'Account cannot be empty'],
    ['sp', 'La cuenta no puede estar vacía'],
    ['es', 'La cuenta no puede estar vacía'],
    ['fr', 'Le compte ne peut pas être vide'],
    ['xx', 'Account cannot be empty'],
  ])('lang=%s', async (lang, msg) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth/sms-code?lang=${lang}`,
      payload: { mobile: 'x', purpose: 'register' },
    });
    expect(response.json().errorCode).toBe('MOBILE_INVALID');
    expect(await emptyLoginMsg(`?lang=${lang}`, `10.0.0.${lang.length}`)).toBe(msg);
  });

  it('falls back to English without lang', async () => {
    expect(await emptyLoginMsg('', '10.0.1.1')).toBe('Account cannot be empty');
  });

  it.each([
    ['ja-JP,ja;q=0.9,en;q=0.8', '携帯電話番号を入力してください'],
    ['de-DE,fr;q=0.8', 'Le compte ne peut pas être vide'],
    ['de-DE', 'Account cannot be empty'],
  ])('without lang, follows Accept-Language %s', async (header, msg) => {
    expect(await emptyLoginMsg('', `10.0.2.${header.length}`, { 'accept-language': header })).toBe(msg);
  });

  it('lets lang win over Accept-Language', async () => {
    expect(await emptyLoginMsg('?lang=en', '10.0.3.1', { 'accept-language': 'ja' })).toBe(
      'Account cannot be empty',
    );
  });
});

describe('bad input never gives a 500', () => {
  const send = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register?lang=en',
      payload,
      headers: { 'content-type': contentType },
      remoteAddress: '10.0.2.1',
    });

  it('rejects malformed JSON', async () => {
    const response = await send('{"mobile": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 0,
      errorCode: 'BAD_JSON',
      msg: 'The request could not be read',
    });
  });

  it('rejects wrong types with the field message', async () => {
    const response = await send(
      JSON.stringify({ mobile: 9012345678, password: [], confirmPassword: {}, inviteCode: 1, smsCode: null }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('MOBILE_REQUIRED');
  });

  it('rejects unknown fields', async () => {
    const response = await send(JSON.stringify({ mobile: '09012345678', isAdmin: true }));
    expect(response.json()).toMatchObject({ errorCode: 'UNKNOWN_FIELD', msg: 'Unknown field: isAdmin' });
  });

  it('rejects an oversized body', async () => {
    const response = await send(JSON.stringify({ mobile: 'x'.repeat(5000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().errorCode).toBe('BODY_TOO_LARGE');
  });

  it('rejects a body that is not JSON', async () => {
    const response = await send('mobile=1', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(0);
  });

  it('answers unknown API routes with a JSON 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?lang=ja' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 0, errorCode: 'NOT_FOUND', msg: '見つかりません' });
  });
});

describe('protection', () => {
  // With REDIS_URL set the counters live in Redis (shared by every node); random client addresses keep
  // repeated runs within one window apart.
  it('rate-limits the auth endpoints per client', async () => {
    const limited = await createTestApp({ authRateLimitMax: 3, redisUrl: process.env.REDIS_URL || null });
    const client = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const address = client();
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login?lang=en',
        payload: emptyLogin,
        remoteAddress: address,
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(400);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 0,
      errorCode: 'RATE_LIMITED',
      msg: 'Too many requests, please try again later',
    });
    const elsewhere = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: emptyLogin,
      remoteAddress: client(),
    });
    expect(elsewhere.statusCode).toBe(400);

    // The identity upload, which decodes two photos, is counted the same way.
    const uploader = client();
    const upload = () =>
      limited.app.inject({ method: 'POST', url: '/api/kyc', payload: {}, remoteAddress: uploader });
    for (let i = 0; i < 3; i += 1) expect((await upload()).statusCode).toBe(401);
    expect((await upload()).json()).toMatchObject({ errorCode: 'RATE_LIMITED' });

    // One IPv6 client may take any address of its /64: they are counted together (the rate-limit plugin's own
    // normalisation, which the WebSocket's per-address cap uses too), another /64 apart.
    const network = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
    const fromNetwork = (host: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: emptyLogin,
        remoteAddress: `${network}:${host}`,
      });
    for (const host of ['0:0:0:1', '0:0:0:2', 'ffff:ffff:ffff:fffe'])
      expect((await fromNetwork(host)).statusCode).toBe(400);
    expect((await fromNetwork('1234:5678:9abc:def0')).json()).toMatchObject({ errorCode: 'RATE_LIMITED' });
    const nextNetwork = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: emptyLogin,
      remoteAddress: `2001:db9:${randomInt(65536).toString(16)}::1`,
    });
    expect(nextNetwork.statusCode).toBe(400);
    await limited.close();
  });

  it('sets security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The app's own WebSocket only: a bare ws: or wss: would let a script send what it read to any host.
    const directives = String(response.headers['content-security-policy']).split(';');
    expect(directives).toContain("connect-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents every route at /api/docs/json and serves a readable page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/auth/register',
      '/api/auth/login',
      '/api/index/getUserInfo',
      '/api/staff/users/{userId}/freeze',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('inviteCode');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('health', () => {
  it('reports the database and, on one node, an in-process bus', async () => {
    const response = await post(t.app, '/api/health', {});
    expect(response.status).toBe(404);
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.data).toEqual({ status: 'ok', database: t.ctx.dbKind, bus: 'in-process' });
  });
});

describe('GET /api/app/info', () => {
  it('names the company in Japanese for Japanese and in English otherwise', async () => {
    const ja = (await t.app.inject({ method: 'GET', url: '/api/app/info?lang=jp' })).json();
    const en = (await t.app.inject({ method: 'GET', url: '/api/app/info?lang=en' })).json();
    expect(ja.data).toMatchObject({ companyName: 'カブト証券株式会社', foundedYear: 1922, versionCode: 100 });
    expect(en.data.companyName).toBe('Kabuto Securities Co., Ltd.');
    expect(ja.data).toMatchObject({ registrationNumber: null, associations: [] });
  });

  it('states the registration number and association memberships when configured', async () => {
    const configured = await createTestApp({
      registrationNumber: '関東財務局長（金商）第9999号',
      associations: ['日本証券業協会', '一般社団法人日本投資顧問業協会'],
    });
    try {
      const info = (await configured.app.inject({ method: 'GET', url: '/api/app/info?lang=ja' })).json();
      expect(info.data).toMatchObject({
        registrationNumber: '関東財務局長（金商）第9999号',
        associations: ['日本証券業協会', '一般社団法人日本投資顧問業協会'],
      });
    } finally {
      await configured.close();
    }
  });

  it('reads the association list from MEMBER_ASSOCIATIONS, split on commas or 、', () => {
    const config = loadConfig({ MEMBER_ASSOCIATIONS: '日本証券業協会、 金融先物取引業協会,  ' });
    expect(config.associations).toEqual(['日本証券業協会', '金融先物取引業協会']);
    expect(loadConfig({}).registrationNumber).toBeNull();
  });
});
