// `npm start`: builds the web app, the back office and the server when their sources are newer than the
// build, then runs the compiled server (apps/server/dist/main.js, plain JavaScript: no TypeScript loader) in
// this same process so Ctrl-C reaches it directly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE, serverBundleIsStale } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const shared = Math.max(newest(join(root, 'packages/contract/src')), newest(join(root, 'packages/i18n')));
for (const app of ['web', 'backoffice']) {
  const built = join(root, 'apps', app, 'dist', 'index.html');
  const sources = Math.max(
    shared,
    newest(join(root, 'apps', app, 'src')),
    statSync(join(root, 'apps', app, 'index.html')).mtimeMs,
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log(`Building ${app}...`);
    execSync(`npm run build -w apps/${app}`, { cwd: root, stdio: 'inherit' });
  }
}

if (serverBundleIsStale()) {
  console.log('Building server...');
  await buildServer();
}

// Stack traces name the TypeScript sources (dist/main.js.map).
process.setSourceMapsEnabled(true);
await import(SERVER_BUNDLE);
