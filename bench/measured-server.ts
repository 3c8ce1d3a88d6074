// The server the browser benches (Lighthouse, long tasks) measure: the production build served by the real
// server on 127.0.0.1 with a fresh DATA_DIR (embedded database), started the way `npm start` starts it.
// A first start writes the market's history, the 1-minute bars in the background once the server already
// answers (about 8 s of this machine's CPU, 2026-11-28), and pages measured meanwhile waited up to 1.5 s for
// their scripts. So the server counts as up only once that history is written, as on any server after its
// first start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const HISTORY_WRITTEN = 'market history backfilled: 1-minute bars';
const START_TIMEOUT_MS = 240_000;

export interface MeasuredServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startMeasuredServer(
  port: number,
  env: Record<string, string> = {},
): Promise<MeasuredServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-measured-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MARKET_BACKFILL: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not write its history within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was up`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (!line.includes(HISTORY_WRITTEN)) return;
        clearTimeout(timer);
        resolve();
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // Its log is not read any more; it must still be drained, or the server blocks once the pipe is full.
  child.stdout!.resume();
  return { origin: `http://127.0.0.1:${port}`, stop };
}
