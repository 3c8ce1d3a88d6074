// `npm start`: builds the web app and back office when their sources are newer than the build, then
// runs the server (TypeScript through tsx) in this same process so Ctrl-C reaches it directly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

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

register();
await import(join(root, 'apps/server/src/main.ts'));
