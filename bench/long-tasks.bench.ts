// Long main-thread tasks after the first paint, the work behind Lighthouse's Total Blocking Time, measured
// directly rather than through a score: Debian's Chromium (playwright-core), a 390x844 phone screen, the CPU
// slowed 4x (CDP Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset assumes), a fresh browser
// context per load (empty storage, no service worker: Japanese, as a first visit), the production build served
// by the real server (bench/measured-server.ts: 127.0.0.1, a fresh DATA_DIR, once its history is written). Each load is traced (Chromium's timeline and its CPU
// sampler) from navigation until LONG_TASKS_SETTLE_MS (default 4000) after the load event; every task over
// 50 ms that ends after the first contentful paint is listed with what ran in it.
// LONG_TASKS_THROTTLE=simulate: see SIMULATE. Run `npm run build` first. LONG_TASKS_RUNS (default 5) loads per page; LONG_TASKS_PAGES=home,login picks
// pages; LONG_TASKS_PORT (default 8623) is the server's port. LONG_TASKS_COMPARE=<dir of another build>
// serves that build too (on the next port) and alternates the two load by load, so both see the same machine:
// the figures for "compare" and "this" are then back to back. LONG_TASKS_DETAIL=1 lists each task;
// LONG_TASKS_TRACES=<dir> keeps each load's trace (it opens in DevTools' Performance panel).
// "blocking" is Lighthouse's measure: the part of each task beyond 50 ms, summed, from FCP to the end; "all"
// counts from the navigation, as slowed frames can paint the first screen late, after the app's work.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { measuredPages } from './measured-pages';
import { startMeasuredServer, type MeasuredServer } from './measured-server';

const PORT = Number(process.env.LONG_TASKS_PORT ?? 8623);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 5);
const SETTLE_MS = Number(process.env.LONG_TASKS_SETTLE_MS ?? 4000);
const DETAIL = process.env.LONG_TASKS_DETAIL === '1';
const COMPARE = process.env.LONG_TASKS_COMPARE;
const TRACES = process.env.LONG_TASKS_TRACES;
/**
 * `cdp` (default): the CPU slowed 4x by Chromium, durations as observed (wall clock). `simulate`: no slowdown,
 * each task's duration is 4x its thread CPU time, as Lighthouse's simulation multiplies what it observed: not
 * moved by other processes competing for the cores, so comparisons on a busy machine hold.
 */
const SIMULATE = process.env.LONG_TASKS_THROTTLE === 'simulate';
const SLOWDOWN = 4;
const root = new URL('..', import.meta.url).pathname;

const PAGES = measuredPages(process.env.LONG_TASKS_PAGES);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      startTime?: number;
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url: string }; parent?: number }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

interface Task {
  /** ms after the navigation started. */
  start: number;
  ms: number;
  /** What ran in it: the largest pieces, e.g. "script index-abc.js 80", "layout 30". */
  what: string;
}

interface Load {
  fcp: number;
  tasks: Task[];
  /** Lighthouse's measure: the part of each task beyond 50 ms, summed, from FCP on. */
  blocking: number;
  /** The same from the navigation on: steadier, as a busy machine moves FCP before or after the app's work. */
  blockingAll: number;
  longMs: number;
}

const file = (url: string) => (url ? basename(url.split('?')[0] ?? url) : '');

/** The timeline's own attribution of a task: script by file, style and layout, parsing, GC. */
function kindOf(event: TraceEvent): string | null {
  switch (event.name) {
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
      return 'paint';
    case 'ParseHTML':
      return 'parse HTML';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return 'compile';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_MARK_COMPACTOR':
      return 'GC';
    default:
      return null;
  }
}

function analyse(events: TraceEvent[]): Load {
  const fcpEvent = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error('no first contentful paint in the trace');
  const pid = fcpEvent.pid;
  const main = events.find(
    (event) => event.pid === pid && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('no renderer main thread in the trace');
  const tid = main.tid;
  const navigation =
    events.find((event) => event.pid === pid && event.name === 'navigationStart')?.ts ?? fcpEvent.ts;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid);
  const runTasks = onMain.filter((event) => event.name === 'RunTask' && event.ph === 'X');

  // CPU samples on the main thread: [time, script file, function].
  const samples: { ts: number; url: string; fn: string }[] = [];
  const profiles = new Map<string, { time: number; nodes: Map<number, { url: string; fn: string }> }>();
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid && event.id)
      profiles.set(event.id, { time: event.args?.data?.startTime ?? event.ts, nodes: new Map() });
    if (event.name !== 'ProfileChunk' || !event.id) continue;
    const profile = profiles.get(event.id);
    const data = event.args?.data;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? [])
      profile.nodes.set(node.id, { url: node.callFrame.url, fn: node.callFrame.functionName });
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      profile.time += deltas[i] ?? 0;
      const node = profile.nodes.get(ids[i] ?? -1);
      if (node) samples.push({ ts: profile.time, ...node });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);

  const tasks: Task[] = [];
  let blocking = 0;
  let blockingAll = 0;
  let longMs = 0;
  for (const task of runTasks) {
    const ms = SIMULATE ? ((task.tdur ?? 0) * SLOWDOWN) / 1000 : (task.dur ?? 0) / 1000;
    const end = task.ts + (task.dur ?? 0);
    if (ms <= 50) continue;
    // Lighthouse counts only the part after FCP.
    const afterFcp = task.ts >= fcpEvent.ts ? ms : ((end - fcpEvent.ts) / (task.dur || 1)) * ms;
    blocking += Math.max(0, afterFcp - 50);
    blockingAll += ms - 50;
    longMs += ms;
    const pieces = new Map<string, number>();
    const add = (label: string, us: number) => pieces.set(label, (pieces.get(label) ?? 0) + us / 1000);
    for (const event of onMain) {
      if (event.ph !== 'X' || event.ts < task.ts || event.ts >= end) continue;
      const kind = kindOf(event);
      if (kind) add(kind, event.dur ?? 0);
    }
    let previous = task.ts;
    for (const sample of samples) {
      if (sample.ts < task.ts) continue;
      if (sample.ts >= end) break;
      const span = sample.ts - previous;
      previous = sample.ts;
      if (sample.url) add(`js ${file(sample.url)}`, span);
      else if (sample.fn === '(garbage collector)') add('GC', span);
      else if (sample.fn === '(program)') add('native', span);
      else if (sample.fn !== '(idle)') add(`js ${sample.fn}`, span);
    }
    const what = [...pieces]
      .sort((a, b) => b[1] - a[1])
      .filter(([, pieceMs]) => pieceMs >= 3)
      .slice(0, 5)
      .map(([label, pieceMs]) => `${label} ${Math.round(pieceMs)}`)
      .join(', ');
    tasks.push({ start: (task.ts - navigation) / 1000, ms, what });
  }
  return { fcp: (fcpEvent.ts - navigation) / 1000, tasks, blocking, blockingAll, longMs };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'loading',
  'blink.user_timing',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
  ...(process.env.LONG_TASKS_EXTRA_CATEGORIES?.split(',') ?? []),
];

async function loadOnce(browser: Browser, url: string, traceName: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1.75, // as Lighthouse's mobile preset
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SIMULATE ? 1 : SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(SETTLE_MS);
  const buffer = await browser.stopTracing();
  if (TRACES) writeFileSync(join(TRACES, `${traceName}.json`), buffer);
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  await context.close();
  return analyse(trace.traceEvents);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function measure(): Promise<void> {
  const builds = [{ label: 'this', dist: join(root, 'apps/web/dist'), port: PORT }];
  if (COMPARE) builds.unshift({ label: 'compare', dist: resolve(COMPARE), port: PORT + 1 });
  const servers: MeasuredServer[] = [];
  for (const build of builds) servers.push(await startMeasuredServer(build.port, { WEB_DIST: build.dist }));
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  try {
    const [startLoad = NaN] = loadavg();
    const startedAt = new Date().toISOString();
    const lines: string[] = [];
    if (TRACES) mkdirSync(TRACES, { recursive: true });
    for (const page of PAGES) {
      const loads = new Map(builds.map((build) => [build.label, [] as Load[]]));
      for (let run = 0; run < RUNS; run++)
        for (const build of builds) {
          const load = await loadOnce(
            browser,
            `http://127.0.0.1:${build.port}${page.path}`,
            `${page.name.replace(/\W+/g, '-')}-${build.label}-${run + 1}`,
          );
          loads.get(build.label)?.push(load);
          if (DETAIL) {
            console.log(
              `${page.name} (${build.label}) run ${run + 1}: FCP ${load.fcp.toFixed(0)} ms, ` +
                `blocking ${load.blocking.toFixed(0)} ms after it, ${load.blockingAll.toFixed(0)} ms in all`,
            );
            for (const task of load.tasks)
              console.log(
                `  at ${task.start.toFixed(0)} ms${task.start + task.ms < load.fcp ? ' (before FCP)' : ''}: ` +
                  `${task.ms.toFixed(0)} ms (${task.what})`,
              );
          }
        }
      for (const build of builds) {
        const runs = loads.get(build.label) ?? [];
        const blocking = runs.map((load) => Math.round(load.blocking));
        const blockingAll = runs.map((load) => Math.round(load.blockingAll));
        lines.push(
          `| ${page.name} | ${build.label} | ${median(blocking)} (${blocking.join(', ')}) | ` +
            `${median(blockingAll)} (${blockingAll.join(', ')}) | ` +
            `${median(runs.map((load) => load.tasks.length))} | ` +
            `${Math.round(median(runs.map((load) => load.longMs)))} | ` +
            `${Math.round(median(runs.map((load) => Math.max(0, ...load.tasks.map((task) => task.ms)))))} | ` +
            `${Math.round(median(runs.map((load) => load.fcp)))} |`,
        );
      }
    }
    console.log(
      `Long tasks (4x CPU slowdown, ${SIMULATE ? 'simulated from CPU time' : 'by Chromium'}, 390x844), ${startedAt}, ${RUNS} loads per page and build, ` +
        `load average ${startLoad.toFixed(1)} at start, ${(loadavg()[0] ?? NaN).toFixed(1)} at end`,
    );
    console.log(
      '| page | build | blocking after FCP, ms (runs) | blocking, all (runs) | long tasks | long-task ms | ' +
        'longest ms | FCP ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const line of lines) console.log(line);
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

if (!existsSync(join(root, 'apps/web/dist/index.html')) || !existsSync(CHROME)) {
  console.log(`long-tasks.bench.ts skipped: needs \`npm run build\` and Chromium at ${CHROME}`);
} else {
  await measure();
}
