import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, staticCacheControl } from '../src/app';
import { marketOf } from '../src/modules/market';
import type { MarketFeed } from '../src/modules/market/feed';
import type { AppContext } from '../src/platform/context';
import { createTestApp, type TestApp } from './harness';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
let app: FastifyInstance;
let webDist: string;
let backofficeDist: string;
let appCtx: AppContext;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Large enough to be precompressed, and compressible. */
const BUNDLE = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];`;
const INDEX = `<!doctype html><html><head>${'<meta name="x" content="investor">'.repeat(30)}</head><body>investor</body></html>`;
/** index.html as the server sends it to a browser: the feed of the test app is the simulator. */
const MARKED = INDEX.replace('<html>', '<html data-market="simulated">');
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
  appCtx = { ...t.ctx, config: { ...t.ctx.config, webDist, backofficeDist } };
  app = await buildApp(appCtx);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the built apps', () => {
  it('serves the investor app at / and the back office at /backoffice/', async () => {
    expect((await app.inject('/')).body).toBe(MARKED);
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
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(MARKED);
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

describe("index.html tells the first screen of the server's market feed", () => {
  it('marks the page when the feed is simulated, at / and /index.html, in every encoding', async () => {
    for (const url of ['/', '/index.html']) {
      const plain = await app.inject(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(MARKED);
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(MARKED);
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(MARKED);
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });

  it("leaves the mark out of the service worker's precached copy, which outlives what the server says", async () => {
    const response = await app.inject('/index.html?__WB_REVISION__=013173f3');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
  });

  it('leaves the mark out when the feed is not simulated, or cannot be read', async () => {
    const market = marketOf(appCtx);
    const feed = vi.spyOn(market, 'feed');
    try {
      feed.mockResolvedValue({ simulated: false } as MarketFeed);
      expect((await app.inject('/')).body).toBe(INDEX);
      feed.mockRejectedValue(new Error('database down'));
      const failed = await app.inject('/');
      expect(failed.statusCode).toBe(200);
      expect(failed.body).toBe(INDEX);
    } finally {
      feed.mockRestore();
    }
    expect((await app.inject('/')).body).toBe(MARKED);
  });

  it('serves a rebuilt index.html without a restart', async () => {
    const rebuilt = INDEX.replace('investor</body>', 'investor, rebuilt</body>');
    writeFileSync(join(webDist, 'index.html'), rebuilt);
    try {
      expect((await app.inject('/')).body).toBe(rebuilt.replace('<html>', '<html data-market="simulated">'));
    } finally {
      writeFileSync(join(webDist, 'index.html'), INDEX);
    }
    expect((await app.inject('/')).body).toBe(MARKED);
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
