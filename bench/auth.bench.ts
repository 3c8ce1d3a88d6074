// Session-bound request cost through the full HTTP stack (app.inject), on PGlite by default or on
// PostgreSQL when DATABASE_URL is set: authenticated reads, logins (scrypt-bound) and registrations.
// Counts are fixed, so a run takes seconds and stops by itself.
import { performance } from 'node:perf_hooks';
import { createTestApp, DEMO, get, loginDemo, post, registerUser } from '../apps/server/test/harness';

function summarise(name: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  const total = samples.reduce((a, b) => a + b, 0);
  console.log(
    `${name.padEnd(42)} n=${String(samples.length).padStart(4)}  ${(samples.length / (total / 1000)).toFixed(0).padStart(6)} req/s  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms`,
  );
}

async function measure(count: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const t = await createTestApp();
console.log(`database: ${t.ctx.dbKind}; node ${process.version}`);
const { token, userId } = await loginDemo(t);

await measure(50, () => get(t.app, `/api/index/getUserInfo?user_id=${userId}`, token)); // warm-up
summarise(
  'GET /api/index/getUserInfo',
  await measure(1000, () => get(t.app, `/api/index/getUserInfo?user_id=${userId}`, token)),
);
summarise('GET /api/account/sessions', await measure(500, () => get(t.app, '/api/account/sessions', token)));
summarise(
  'POST /api/auth/login',
  await measure(100, () =>
    post(t.app, '/api/auth/login', { account: DEMO.investor.mobile, password: DEMO.investor.password }),
  ),
);
summarise(
  'POST /api/auth/login (validation error)',
  await measure(500, () => post(t.app, '/api/auth/login', { account: '', password: 'x' })),
);
summarise('register (sms-code + outbox + register)', await measure(50, () => registerUser(t)));

// Reads while logins run: 4 login loops of 25 each (scrypt-bound) and one loop of reads beside them.
// Password hashing runs outside transactions, so the reads should not queue behind it.
const logins = Array.from({ length: 4 }, () =>
  measure(25, () =>
    post(t.app, '/api/auth/login', { account: DEMO.investor.mobile, password: DEMO.investor.password }),
  ),
);
const reads = measure(300, () => get(t.app, `/api/index/getUserInfo?user_id=${userId}`, token));
const [readSamples, ...loginSamples] = await Promise.all([reads, ...logins]);
summarise('getUserInfo while 4 clients log in', readSamples);
summarise('login, 4 clients at once', loginSamples.flat());
await t.close();
