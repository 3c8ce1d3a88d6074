import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestApp, type TestApp } from './harness';
import type { FastifyInstance } from 'fastify';

let t: TestApp;
let app: FastifyInstance;
let webDist: string;
beforeAll(async () => {
  t = await createTestApp();
  const root = mkdtempSync(join(tmpdir(), 'kabuto-static-'));
  webDist = join(root, 'web');
  const backofficeDist = join(root, 'backoffice');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(backofficeDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<html>investor</html>');
  writeFileSync(join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
  writeFileSync(join(backofficeDist, 'index.html'), '<html>staff</html>');
  app = await buildApp({ ...t.ctx, config: { ...t.ctx.config, webDist, backofficeDist } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the built apps', () => {
  it('serves the investor app at / and the back office at /backoffice/', async () => {
    expect((await app.inject('/')).body).toBe('<html>investor</html>');
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
