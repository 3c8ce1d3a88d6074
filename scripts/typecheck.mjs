// `npm run typecheck`: each TypeScript project checked by its own `tsc -p`, as many at once as there are cores
// (the projects are independent, and one tsc uses one core). Each project's output is printed when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PROJECTS = [
  'packages/contract',
  'packages/market-rules',
  'packages/engine',
  'packages/client',
  'packages/i18n',
  'apps/server',
  'apps/web',
  'apps/backoffice',
  'e2e',
  'bench',
];
const root = new URL('..', import.meta.url).pathname;
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output.trim()) process.stdout.write(output);
      if (code !== 0) console.error(`tsc -p ${project}: failed`);
      resolve(code === 0);
    });
  });
}

const waiting = [...PROJECTS];
let failed = 0;
const worker = async () => {
  for (let project = waiting.shift(); project; project = waiting.shift())
    if (!(await check(project))) failed++;
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), PROJECTS.length) }, worker));
process.exit(failed ? 1 : 0);
