// Start-up time: from spawning a server process until GET /api/health answers 200, on the embedded database
// in a temporary data directory on 127.0.0.1. The first `npm start` (node scripts/start.mjs) brings the builds
// up to date if they are not and creates the database (migrations, demo data); the warm restarts that follow
// are what an operator sees after Ctrl-C: builds up to date, data in place. For comparison, the same warm
// restart running the TypeScript sources through tsx, as `npm start` did before the server was compiled.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_STARTS ?? 5);
const GIVE_UP_MS = 180_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.status === 200;
  } catch {
    return false;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number | undefined): number {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return Number.NaN;
  // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Start {
  /** Wall-clock ms from spawn until /api/health answered. */
  ms: number;
  /** CPU ms the server process had used by then: steadier than wall-clock time on a busy machine. */
  cpu: number;
}

/** Starts a server, waits until /api/health answers, then stops it. */
async function timeStart(args: string[], dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`${args.join(' ')}: no answer in ${GIVE_UP_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { ms: performance.now() - started, cpu: cpuMs(child.pid) };
  } finally {
    await stop(child);
  }
}

function report(name: string, starts: Start[]) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const times = starts.map((start) => start.ms);
  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
  console.log(
    `${name.padEnd(54)} median ${ms(median(times))}  min ${ms(Math.min(...times))}  max ${ms(Math.max(...times))}  ` +
      `CPU ${ms(median(starts.map((start) => start.cpu)))}  (${starts.length} starts, load ${loadavg()[0]?.toFixed(1)})`,
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-bench-start-'));
try {
  const first = await timeStart(['scripts/start.mjs'], dataDir);
  report('npm start, empty data directory (builds if stale)', [first]);

  const warm: Start[] = [];
  for (let i = 0; i < RUNS; i += 1) warm.push(await timeStart(['scripts/start.mjs'], dataDir));
  report('npm start, warm restart (compiled server)', warm);

  const tsx: Start[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    tsx.push(await timeStart(['--import', 'tsx', 'apps/server/src/main.ts'], dataDir));
  }
  report('warm restart from the TypeScript sources through tsx', tsx);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
