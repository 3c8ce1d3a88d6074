// Compiles the server to one JavaScript file, apps/server/dist/main.js, so `npm start` runs plain Node.js
// instead of compiling TypeScript on every start. The workspace packages it imports (@kabuto/contract,
// @kabuto/i18n, shipped as TypeScript) are bundled in; every npm package stays an import resolved from
// node_modules at run time. The SQL migrations are not bundled: the server reads them from
// apps/server/migrations when it starts. `node scripts/build-server.mjs` builds it by hand.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
export const SERVER_BUNDLE = join(root, 'apps/server/dist/main.js');

/** What the bundle is built from: a change to any of these makes it stale. */
const SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/i18n/src',
  'packages/i18n/locales',
  'packages/i18n/package.json',
  'scripts/build-server.mjs',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

export function serverBundleIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const built = statSync(SERVER_BUNDLE).mtimeMs;
  return SOURCES.some((source) => newest(join(root, source)) > built);
}

/** npm packages stay imports; only our own code (relative paths and @kabuto/*) is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kabuto/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // Loaded only when a build is needed: a start with an up-to-date bundle does not pay for esbuild.
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildServer();
  console.log(`built ${SERVER_BUNDLE} in ${Date.now() - started} ms`);
}
