import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@kabuto/contract';
import { renderApiDocs } from './api-docs';

describe('docs/api.md and docs/openapi.json', () => {
  it('match the code (run `npm run docs:api` after changing a route)', async () => {
    const { json, markdown } = await renderApiDocs();
    const docs = new URL('../../../docs/', import.meta.url).pathname;
    expect(readFileSync(`${docs}openapi.json`, 'utf8')).toBe(json);
    expect(readFileSync(`${docs}api.md`, 'utf8')).toBe(markdown);
  });

  it('declare the required Idempotency-Key header on every endpoint that moves money, and on no other', async () => {
    const { json } = await renderApiDocs();
    const doc = JSON.parse(json) as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
      >;
    };
    const withKey = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) =>
          (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const movingMoney = ALL_ENDPOINTS.filter((endpoint) => endpoint.movesMoney).map(
      (endpoint) => `${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(withKey.sort()).toEqual(movingMoney.sort());
    expect(withKey).toContain('POST /api/orders');
  });
});
