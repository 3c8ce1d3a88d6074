import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('..', import.meta.url).pathname;

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The classes a stylesheet styles on their own (`.kb-x { ... }`), not within another selector. */
function ownClasses(css: string): string[] {
  const rules = css.replaceAll(/\/\*[\s\S]*?\*\//g, '').matchAll(/(?:^|\})\s*([^{}@]+)\{/g);
  return [...rules].flatMap(([, selectors]) =>
    selectors!
      .split(',')
      .map((selector) => selector.trim())
      .filter((selector) => /^\.[\w-]+$/.test(selector)),
  );
}

describe('stylesheets', () => {
  it('style each class on its own in one file only', () => {
    // A lazily loaded stylesheet restyling a class of another screen changes that screen once it has loaded
    // (the trade screens' badge once made stock detail's simulated-data note one clipped line).
    const files = new Map<string, string[]>();
    for (const path of stylesheets(src))
      for (const name of new Set(ownClasses(readFileSync(path, 'utf8'))))
        files.set(name, [...(files.get(name) ?? []), relative(src, path)]);
    const shared = [...files].filter(([, paths]) => paths.length > 1);
    expect(files.size).toBeGreaterThan(50);
    expect(shared).toEqual([]);
  });
});
