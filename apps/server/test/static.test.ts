import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, staticCacheControl } from '../src/app';
import { createTestApp, type TestApp } from './harness';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
let app: FastifyInstance;
let webDist: string;
let backofficeDist: string;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Large enough to be precompressed, and compressible. */
const BUNDLE = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];`;
const INDEX = `<!doctype html><html><head>${'<meta name="x" content="investor">'.repeat(30)}</head><body>investor</body></html>`;
const PRECOMPRESS = new URL('../../../scripts/precompress.mjs', import.meta.url).pathname;

beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(join(tmpdir(), 'kabuto-static-'));
  webDist = join(root, 'web');
  backofficeDist = join(root, 'backoffice');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(join(backofficeDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'assets', 'index-AbCd12_-.js'), BUNDLE);
  writeFileSync(join(webDist, 'assets', 'logo-Zz9Yy8Xx.png'), Buffer.alloc(2048, 7));
  writeFileSync(join(webDist, 'sw.js'), BUNDLE);
  writeFileSync(join(webDist, 'registerSW.js'), "navigator.serviceWorker.register('./sw.js')");
  writeFileSync(join(webDist, 'workbox-1a2b3c4d.js'), BUNDLE);
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Kabuto"}');
  writeFileSync(join(backofficeDist, 'index.html'), '<html>staff</html>');
  writeFileSync(join(backofficeDist, 'assets', 'index-Qw3rTy45.js'), BUNDLE);
  execFileSync(process.execPath, [PRECOMPRESS, webDist, backofficeDist]);
  app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist, backofficeDist } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the built apps', () => {
  it('serves the investor app at / and the back office at /backoffice/', async () => {
    expect((await app.inject('/')).body).toBe(INDEX);
    expect((await app.inject('/assets/app-1.js')).statusCode).toBe(200);
    expect((await app.inject('/backoffice/')).body).toBe('<html>staff</html>');
    const bare = await app.inject('/backoffice');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/backoffice/');
  });

  it('serves files written after start (a rebuild needs no restart)', async () => {
    writeFileSync(join(webDist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await app.inject('/assets/app-2.js')).body).toBe('console.log(2)');
  });

  it('still answers unknown API paths with the JSON envelope', async () => {
    const response = await app.inject('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 0, errorCode: 'NOT_FOUND' });
  });
});

describe('precompressed files', () => {
  it('writes brotli and gzip copies beside compressible files, and none for small or binary files', () => {
    expect(existsSync(join(webDist, 'assets', 'index-AbCd12_-.js.br'))).toBe(true);
    expect(existsSync(join(webDist, 'assets', 'index-AbCd12_-.js.gz'))).toBe(true);
    expect(existsSync(join(webDist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(webDist, 'assets', 'app-1.js.br'))).toBe(false);
    expect(existsSync(join(webDist, 'assets', 'logo-Zz9Yy8Xx.png.br'))).toBe(false);
  });

  it('sends the brotli file to a client that accepts brotli', async () => {
    const response = await app.inject({
      url: '/assets/index-AbCd12_-.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the gzip file to a client that accepts only gzip', async () => {
    const response = await app.inject({
      url: '/backoffice/assets/index-Qw3rTy45.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it('sends the plain file to a client without Accept-Encoding or accepting identity only', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ url: '/assets/index-AbCd12_-.js', headers });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(BUNDLE);
    }
  });

  it('compresses index.html at the app root too', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
  });

  it('sends a file without a compressed copy as it is', async () => {
    const response = await app.inject({
      url: '/assets/app-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('does not compress images on the fly', async () => {
    const response = await app.inject({
      url: '/assets/logo-Zz9Yy8Xx.png',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(2048);
  });
});

describe('caching of the built apps', () => {
  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('lets browsers keep hashed assets for a year, compressed or not', async () => {
    for (const url of [
      '/assets/index-AbCd12_-.js',
      '/backoffice/assets/index-Qw3rTy45.js',
      '/assets/logo-Zz9Yy8Xx.png',
    ]) {
      expect((await get(url)).headers['cache-control']).toBe(IMMUTABLE);
      expect((await get(url, 'br')).headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('revalidates index.html of both apps, however it is reached', async () => {
    for (const url of ['/', '/index.html', '/backoffice/', '/backoffice/index.html']) {
      expect((await get(url)).headers['cache-control'], url).toBe('no-cache');
      expect((await get(url, 'br, gzip')).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('revalidates the service worker, its registration, its runtime and the web manifest', async () => {
    for (const url of ['/sw.js', '/registerSW.js', '/workbox-1a2b3c4d.js', '/manifest.webmanifest']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a revalidation of an unchanged file with 304', async () => {
    const first = await get('/');
    expect(first.headers.etag).toBeTruthy();
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('treats only Vite-hashed names under assets/ as immutable', () => {
    expect(staticCacheControl('assets/index-Dcu6gsn4.js')).toBe(IMMUTABLE);
    expect(staticCacheControl('assets/index-Dcu6gsn4.js.br')).toBe(IMMUTABLE);
    expect(staticCacheControl('assets/use-form-DApuGEAS.css.gz')).toBe(IMMUTABLE);
    expect(staticCacheControl('assets/app.js')).toBe('no-cache');
    expect(staticCacheControl('index-Dcu6gsn4.js')).toBe('no-cache');
    expect(staticCacheControl('index.html')).toBe('no-cache');
    expect(staticCacheControl('sw.js')).toBe('no-cache');
  });
});
