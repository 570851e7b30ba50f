/**
 * `npm run bench:checkout-cpu` (decision 007, docs/benchmarks.md): where the app's server CPU per checkout goes. The app
 * runs as in `npm run bench:checkout` (PostgreSQL, no pages, logger off, receipts over pooled
 * SMTP to a sink process), the load generator in its own process. After BENCH_WARMUP (default
 * 300) checkouts it measures the server process's CPU time over BENCH_ORDERS (default 1000),
 * then samples as many more with V8's profiler and prints the functions and packages with the
 * most self time, per order. CPU time per order moves far less with other load on the machine
 * than rates and latencies do; the profile is written to BENCH_PROFILE (default
 * .tmp/checkout.cpuprofile, for Chrome DevTools). Needs BENCH_DATABASE_URL like bench:checkout.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';
import { createBenchDatabase, createBuyers, createPlans, listen, runLoad, startSmtpSink } from './checkout-setup';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const orderCount = Number(process.env.BENCH_ORDERS ?? 1000);
const warmupCount = Number(process.env.BENCH_WARMUP ?? 300);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const profilePath = resolve(repoRoot, process.env.BENCH_PROFILE ?? '.tmp/checkout.cpuprofile');
const POOL_SIZE = 10;
const PLAN_COUNT = 10;

/** Read and write system calls of this process so far (Linux), or null where /proc has no such file. */
function systemCalls(): { reads: number; writes: number } | null {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? Number.NaN);
    return { reads: field('syscr'), writes: field('syscw') };
  } catch {
    return null;
  }
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Where a frame's code lives: a package, a file of ours, or V8 and Node themselves. */
function areaOf(url: string): string {
  if (url === '') return '(V8, GC, native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules?.[1]) return inModules[1];
  if (url.startsWith('node:')) return 'node core';
  const ours = /(apps|packages)\/[^?]+/.exec(url);
  return ours ? ours[0] : url;
}

/** Self time per function and per area, in ms per order, largest first. */
function summarise(profile: Profile, orders: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const functions = new Map<string, number>();
  const areas = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    const area = areaOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'}  ${area}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    areas.set(area, (areas.get(area) ?? 0) + us);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => `${(us / 1000 / orders).toFixed(3).padStart(7)} ms  ${name}`);
  const busy = [...areas.values()].reduce((sum, us) => sum + us, 0);
  return { busyMs: busy / 1000 / orders, functions: top(functions, 30), areas: top(areas, 20) };
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'everdeal-bench-checkout-cpu-'));
  let bench: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  let app: FastifyInstance | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  try {
    bench = await createBenchDatabase(adminUrl, POOL_SIZE);
    const { db } = bench.database;
    mkdirSync(join(folder, 'uploads'), { recursive: true });
    const buyerCount = warmupCount + 2 * orderCount;
    const plans = await createPlans(db, PLAN_COUNT, Math.ceil((2 * buyerCount) / PLAN_COUNT) + 100);
    const buyers = await createBuyers(bench.database.db, buyerCount, plans, 0);

    smtp = await startSmtpSink();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: folder,
      DATABASE_URL: bench.databaseUrl,
      SMTP_URL: smtp.url,
    });
    app = await buildApp({
      config,
      database: bench.database,
      withPages: false,
      jobs: { once: ['trending', 'waitlist-announcements'] },
    });
    const url = await listen(app);

    const run = async (slice: typeof buyers) => {
      const result = await runLoad(url, slice, folder, connections);
      if (result.non2xx + result.errors + result.timeouts > 0) {
        throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      }
      return result;
    };
    await run(buyers.slice(0, warmupCount));
    const callsBefore = systemCalls();
    const before = process.cpuUsage();
    const measured = await run(buyers.slice(warmupCount, warmupCount + orderCount));
    const cpu = process.cpuUsage(before);
    const callsAfter = systemCalls();
    const perOrder = (value: number) => (value / measured.total).toFixed(2);
    console.info(
      `server CPU per order: ${perOrder((cpu.user + cpu.system) / 1000)} ms (user ${perOrder(cpu.user / 1000)}, system ${perOrder(cpu.system / 1000)}) over ${measured.total} checkouts`,
    );
    // Counts, not times: the same on a busy machine as on a quiet one.
    if (callsBefore && callsAfter) {
      console.info(
        `system calls per order: ${perOrder(callsAfter.writes - callsBefore.writes)} writes, ${perOrder(callsAfter.reads - callsBefore.reads)} reads`,
      );
    }

    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const profiled = await run(buyers.slice(warmupCount + orderCount));
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    mkdirSync(dirname(profilePath), { recursive: true });
    writeFileSync(profilePath, JSON.stringify(profile));
    const summary = summarise(profile, profiled.total);
    console.info(`\nsampled (profiler on): ${summary.busyMs.toFixed(2)} ms of JavaScript and native work per order`);
    console.info('\nself time per order, by package or file:');
    for (const line of summary.areas) console.info(line);
    console.info('\nself time per order, by function:');
    for (const line of summary.functions) console.info(line);
    console.info(`\nprofile: ${profilePath}`);
  } finally {
    await app?.close().catch((error: unknown) => console.error('closing the app failed:', error));
    smtp?.stop();
    await bench?.drop().catch((error: unknown) => console.error('dropping the database failed:', error));
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
