import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/app';

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-csp-'));
  const file = join(dir, 'index.html');
  afterEach(() => rmSync(file, { force: true }));

  it('allows the inline scripts of the built page and no script loaded by src', () => {
    writeFileSync(file, '<script type="module" src="./a.js"></script><script>run(1)</script>');
    expect(inlineScriptHashes(file)()).toBe(sha256('run(1)'));
  });

  it('follows a new build of the page without a restart, looking at the file at most once a second', () => {
    let now = 1_000_000;
    writeFileSync(file, '<script>run(1)</script>');
    const sources = inlineScriptHashes(file, () => now);
    expect(sources()).toBe(sha256('run(1)'));
    writeFileSync(file, '<script>run(2)</script>');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    now += 999;
    expect(sources()).toBe(sha256('run(1)'));
    now += 1;
    expect(sources()).toBe(sha256('run(2)'));
  });

  it('allows no inline script when the app is not built, and the page once it is', () => {
    let now = 1_000_000;
    const sources = inlineScriptHashes(file, () => now);
    expect(sources()).toBe('');
    writeFileSync(file, '<script>run(3)</script>');
    now += 1000;
    expect(sources()).toBe(sha256('run(3)'));
  });
});
