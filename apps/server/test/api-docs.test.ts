import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDocs } from './api-docs';

describe('docs/api.md and docs/openapi.json', () => {
  it('match the code (run `npm run docs:api` after changing a route)', async () => {
    const { json, markdown } = await renderApiDocs();
    const docs = new URL('../../../docs/', import.meta.url).pathname;
    expect(readFileSync(`${docs}openapi.json`, 'utf8')).toBe(json);
    expect(readFileSync(`${docs}api.md`, 'utf8')).toBe(markdown);
  });
});
