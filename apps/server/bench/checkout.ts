/**
 * `npm run bench:checkout` (decision 007, docs/benchmarks.md "Checkout against its floor"):
 * orders per second, p50 and p99 of `orders/checkout` on the real app, then on a bare Fastify floor that sends the very same SQL through the same
 * driver and pool size, and writes the table into docs/benchmarks.md.
 *
 * Every request is a distinct buyer (own session, own saved sandbox card, a cart of two lines of
 * two of ten plans) paying with a fresh idempotency key, 20 connections at once. Before
 * measuring, one checkout through each server is recorded and their SQL texts compared: the
 * floor is only a floor if it runs what the app runs. The app sends every receipt over SMTP, as
 * in production, to a sink in another process (bench/smtp-sink.mjs), which counts them.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * must allow creating a database; a throwaway one is created, migrated, filled and dropped.
 * BENCH_ORDERS (measured checkouts per server, default 3000), BENCH_WARMUP (default 300) and
 * BENCH_CONNECTIONS (default 20) tune the load.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderItemCodes, orders } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';
import { buildFloor } from './checkout-floor';
import {
  type Buyer,
  checkoutOnce,
  createBenchDatabase,
  createBuyers,
  createPlans,
  type LoadResult,
  listen,
  runLoad,
  startSmtpSink,
  untilReceiptRecorded,
} from './checkout-setup';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const orderCount = Number(process.env.BENCH_ORDERS ?? 3000);
const warmupCount = Number(process.env.BENCH_WARMUP ?? 300);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Both servers get a pool of this size, so the database side is the same for both. */
const POOL_SIZE = 10;
const PLAN_COUNT = 10;
const TARGET_SHARE = 0.6;
const TARGET_P99_MS = 150;

type Run = { server: string; result: LoadResult; rate: number; cpuMs: number; share: number };

function renderSection(rows: Run[], machine: string, load: string): string {
  const header =
    '| server | orders/s | p50 (ms) | p99 (ms) | % of floor | server CPU per order (ms) |\n|---|---:|---:|---:|---:|---:|';
  const body = rows
    .map(
      ({ server, result, rate, share, cpuMs }) =>
        `| ${server} | ${rate.toFixed(0)} | ${result.p50} | ${result.p99} | ${(share * 100).toFixed(0)}% | ${cpuMs.toFixed(1)} |`,
    )
    .join('\n');
  const app = rows.find((row) => row.server === 'app');
  const met = app !== undefined && app.share >= TARGET_SHARE && app.result.p99 < TARGET_P99_MS;
  return [
    '## Checkout against its floor (`npm run bench:checkout`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; the load generator`,
    `(autocannon, ${connections} connections, ${orderCount} checkouts per server after ${warmupCount} to warm up) runs on`,
    'the same machine, as does PostgreSQL. Every request is a distinct buyer paying a cart of two lines',
    '(one code each of two of ten plans) with a saved sandbox card and a fresh idempotency key. "app" is',
    'the real server (`buildApp`, no pages, logger off, each receipt sent over pooled SMTP to a sink in',
    'another process, `bench/smtp-sink.mjs`); "floor" is bare Fastify sending the same SQL texts',
    '(checked at start) through the same driver and pool size, in the same transactions, without',
    'plugins, validation or envelope; it claims the receipt the settlement queued in the mail outbox',
    'and records it sent, but neither renders nor sends it. "Server CPU per order" is',
    "the Node process's own CPU time (`process.cpuUsage`) over the run divided by its checkouts: it",
    'leaves out PostgreSQL and the load generator, and moves far less with other load on the machine',
    `than the rates do. Load average at the start of the runs: ${load}.`,
    '',
    header,
    body,
    '',
    `- ${met ? 'Meets' : 'Misses'} the target (p99 < ${TARGET_P99_MS} ms and at least ${TARGET_SHARE * 100}% of the floor's orders per second).`,
  ].join('\n');
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'everdeal-bench-checkout-'));
  let capture: string[] | null = null;
  let bench: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  let app: FastifyInstance | undefined;
  let floor: Awaited<ReturnType<typeof buildFloor>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  try {
    bench = await createBenchDatabase(adminUrl, POOL_SIZE, (query) => capture?.push(query));
    const { database, databaseUrl } = bench;
    const { db } = database;
    mkdirSync(join(folder, 'uploads'), { recursive: true });

    // Enough codes for every buyer of both servers, spread over ten plans of ten products.
    const buyersPerServer = orderCount + warmupCount + 1;
    const codesPerPlan = Math.ceil((2 * buyersPerServer * 2) / PLAN_COUNT) + 100;
    const plans = await createPlans(db, PLAN_COUNT, codesPerPlan);
    const appBuyers = await createBuyers(db, buyersPerServer, plans, 0);
    const floorBuyers = await createBuyers(db, buyersPerServer, plans, 1);
    await db.execute(sql`analyze`);

    // NODE_ENV=test only switches the request logger off; the reconciliation and affiliate
    // commission jobs are off so the SQL check below sees this checkout's statements only.
    smtp = await startSmtpSink();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: folder, DATABASE_URL: databaseUrl, SMTP_URL: smtp.url });
    app = await buildApp({
      config,
      database,
      withPages: false,
      jobs: { once: ['trending', 'waitlist-announcements'] },
    });
    const appUrl = await listen(app);
    const floorCapture: string[] = [];
    floor = await buildFloor(databaseUrl, POOL_SIZE, floorCapture);
    const floorUrl = await listen(floor.server);

    capture = [];
    await checkoutOnce(appUrl, appBuyers[0] as Buyer);
    await untilReceiptRecorded(capture);
    const appTexts = [...capture].sort();
    capture = null;
    await checkoutOnce(floorUrl, floorBuyers[0] as Buyer);
    await untilReceiptRecorded(floorCapture);
    const floorTexts = [...floorCapture].sort();
    floorCapture.length = 0;
    if (JSON.stringify(appTexts) !== JSON.stringify(floorTexts)) {
      const onlyApp = appTexts.filter((text) => !floorTexts.includes(text));
      const onlyFloor = floorTexts.filter((text) => !appTexts.includes(text));
      throw new Error(
        `app and floor send different SQL (${appTexts.length} vs ${floorTexts.length} statements):\napp only:\n${onlyApp.join('\n')}\nfloor only:\n${onlyFloor.join('\n')}`,
      );
    }
    console.info(`app and floor send the same ${appTexts.length} statements per checkout`);

    const measure = async (label: string, url: string, buyers: Buyer[]) => {
      await runLoad(url, buyers.slice(1, 1 + warmupCount), folder, connections);
      const cpuBefore = process.cpuUsage();
      const result = await runLoad(url, buyers.slice(1 + warmupCount), folder, connections);
      const cpu = process.cpuUsage(cpuBefore);
      const rate = result.total / result.seconds;
      const cpuMs = (cpu.user + cpu.system) / 1000 / result.total;
      console.info(
        `${label}: ${rate.toFixed(0)} orders/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${cpuMs.toFixed(1)} ms CPU per order`,
      );
      if (result.non2xx + result.errors + result.timeouts > 0) {
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      }
      return { result, rate, cpuMs };
    };
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    const appRun = await measure('app', appUrl, appBuyers);
    // Closing the app waits for receipts still on their way; then every paid order had one.
    await app.close();
    app = undefined;
    const receipts = await smtp.received();
    if (receipts !== appBuyers.length)
      throw new Error(`${receipts} receipts for ${appBuyers.length} orders of the app`);
    const floorRun = await measure('floor', floorUrl, floorBuyers);

    // Every measured checkout is a paid order, and no code was sold twice.
    const [check] = await db
      .select({
        paid: sql<number>`(select count(*) from ${orders} where ${orders.status} = 'paid')`.mapWith(Number),
        linked: sql<number>`(select count(*) from ${orderItemCodes})`.mapWith(Number),
        distinct: sql<number>`(select count(distinct ${orderItemCodes.licenseCodeId}) from ${orderItemCodes})`.mapWith(
          Number,
        ),
      })
      .from(sql`(values (1)) as one (x)`);
    const expected = 2 * buyersPerServer;
    if (check?.paid !== expected || check.linked !== 2 * expected || check.distinct !== check.linked) {
      throw new Error(`after the runs: ${JSON.stringify(check)}, expected ${expected} paid orders with 2 codes each`);
    }

    const cpuList = cpus();
    const machine = `${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
    const section = renderSection(
      [
        { server: 'app', ...appRun, share: appRun.rate / floorRun.rate },
        { server: 'floor', ...floorRun, share: 1 },
      ],
      machine,
      load,
    );
    replaceDocsSection(BENCHMARKS_DOC, 'checkout', section);
    console.info(`\n${section}\n\nWritten to docs/benchmarks.md`);
  } finally {
    const step = async (label: string, action: () => Promise<unknown> | undefined) => {
      try {
        await action();
      } catch (error) {
        console.error(`cleanup: ${label} failed:`, error);
      }
    };
    await step('closing the app', () => app?.close());
    await step('closing the floor', async () => {
      await floor?.server.close();
      await floor?.close();
    });
    await step('stopping the SMTP sink', async () => smtp?.stop());
    await step('dropping the database', async () => bench?.drop());
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
