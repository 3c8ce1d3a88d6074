// `node scripts/bundle-size.mjs <dist>...`: what a built app's first load costs. "Initial" is the JavaScript
// index.html loads before anything renders (the entry script and the chunks it preloads); the rest is loaded
// on demand (a screen on its first visit). Sizes raw, gzip (level 9, as Vite reports) and brotli (as served).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function sizes(path) {
  const source = readFileSync(path);
  return {
    raw: source.length,
    gzip: gzipSync(source, { level: 9 }).length,
    brotli: brotliCompressSync(source).length,
  };
}

function sum(list) {
  return list.reduce(
    (total, s) => ({ raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

const line = (label, s) =>
  `${label.padEnd(34)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} gz ${kb(s.brotli).padStart(10)} br`;

for (const dist of process.argv.slice(2)) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g),
  ].map(([, src]) => src.replace(/^.*?assets\//, 'assets/'));
  const all = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  const initialSizes = initial.map((file) => sizes(join(dist, file)));
  const lazy = all
    .filter((name) => !initial.includes(`assets/${name}`))
    .map((name) => ({ name, ...sizes(join(dist, 'assets', name)) }));
  console.log(`\n${dist}`);
  console.log(line(`initial JS (${initial.length} files)`, sum(initialSizes)));
  console.log(line(`loaded on demand (${lazy.length} files)`, sum(lazy)));
  console.log(line('all JS', sum([...initialSizes, ...lazy])));
  for (const chunk of lazy.sort((a, b) => b.gzip - a.gzip).slice(0, 5))
    console.log(line(`  ${chunk.name}`, chunk));
}
