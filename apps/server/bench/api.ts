/**
 * `npm run bench:api` (requirements §7, docs/benchmarks.md "Cart API against its floor"):
 * measures `cart/getCartContents` and `cart/change` on the real app, then on a bare Fastify server whose handlers send the very same SQL through the same
 * driver (the floor the app cannot beat, bench/cart-floor.ts), and writes the table into docs/benchmarks.md.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 * must allow creating a database; a throwaway one is created, migrated, seeded and dropped.
 * BENCH_DURATION (seconds per run, default 10) and BENCH_CONNECTIONS (default 50) tune the load.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CURRENCY } from '@everdeal/contracts';
import { createDatabase, type Database, licenseCodes, plans, products, users } from '@everdeal/db';
import { seedDemoCatalog } from '@everdeal/db/seed';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { createSession } from '../src/modules/users/sessions';
import { loadConfig } from '../src/plugins/config';
import { buildFloor } from './cart-floor';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';

const here = dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 2;
/** Both servers get a pool of this size, so the database side is the same for both. */
const POOL_SIZE = 10;
const TARGET_SHARE = 0.7;
const TARGET_P99_MS = 50;

type LoadResult = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Target = { name: string; path: string; bodies: object[] };

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs autocannon in a child process (bench/load.mjs) so it never shares the server's event loop. */
function runLoad(url: string, token: string, target: Target, seconds: number): Promise<LoadResult> {
  const options = {
    url,
    connections,
    duration: seconds,
    // Each connection cycles through the bodies: `cart/change` alternates its quantities.
    requests: target.bodies.map((body) => ({
      method: 'POST',
      path: target.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })),
  };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(here, 'load.mjs'), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolvePromise(JSON.parse(out) as LoadResult);
    });
  });
}

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

async function measure(label: string, url: string, token: string, targets: Target[]) {
  const results = new Map<string, LoadResult>();
  for (const target of targets) {
    await runLoad(url, token, target, WARMUP_SECONDS);
    const result = await runLoad(url, token, target, durationSeconds);
    console.info(
      `${label} ${target.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`,
    );
    results.set(target.name, result);
  }
  return results;
}

/** A user with a session, and a cart of three lines of live, in-stock plans of three products. */
async function prepareShopper(database: Database, app: FastifyInstance) {
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, firstName: 'Bench', lastName: 'Shopper' })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  const token = await createSession(db, user.id, new Date());
  const candidates = await db
    .select({ productId: plans.productId, variantId: plans.id })
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(
      and(
        eq(products.isPublished, true),
        eq(products.dealStatus, 'live'),
        or(isNull(products.endsAt), gt(products.endsAt, new Date())),
        eq(plans.currency, DEFAULT_CURRENCY),
        sql`exists (select 1 from ${licenseCodes} where ${licenseCodes.planId} = ${plans.id} and ${licenseCodes.status} = 'available')`,
      ),
    )
    .orderBy(asc(plans.productId), asc(plans.id));
  const lines: { productId: number; variantId: number }[] = [];
  for (const candidate of candidates) {
    if (lines.length < 3 && !lines.some((line) => line.productId === candidate.productId)) lines.push(candidate);
  }
  if (lines.length < 3) throw new Error('the demo catalogue has fewer than 3 purchasable products');
  for (const line of lines) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/cart/change',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...line, quantity: 1 },
    });
    if (response.statusCode !== 200) throw new Error(`cart/change failed: ${response.body}`);
  }
  return { token, line: lines[0] as { productId: number; variantId: number } };
}

function renderSection(
  rows: { endpoint: string; server: string; result: LoadResult; share: number }[],
  machine: string,
): string {
  const header = '| endpoint | server | req/s | p50 (ms) | p99 (ms) | % of floor |\n|---|---|---:|---:|---:|---:|';
  const body = rows
    .map(
      ({ endpoint, server, result, share }) =>
        `| \`${endpoint}\` | ${server} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${(share * 100).toFixed(0)}% |`,
    )
    .join('\n');
  const verdicts = rows
    .filter((row) => row.server === 'app')
    .map((row) => {
      const met = row.share >= TARGET_SHARE && row.result.p99 < TARGET_P99_MS;
      return `- \`${row.endpoint}\`: ${met ? 'meets' : 'misses'} the target (≥ ${TARGET_SHARE * 100}% of the floor, p99 < ${TARGET_P99_MS} ms).`;
    })
    .join('\n');
  return [
    '## Cart API against its floor (`npm run bench:api`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; the load generator`,
    `(autocannon, ${connections} connections, ${durationSeconds} s per run after a ${WARMUP_SECONDS} s warm-up, POST with a bearer`,
    'token) runs on the same machine, as does PostgreSQL. "app" is the real server (`buildApp`, no pages,',
    'logger off); "floor" is bare Fastify sending the same prepared statements through the same driver',
    'and pool size, without plugins, validation or envelope. The cart holds 3 lines; `cart/change` alternates one',
    "line's quantity between 2 and 3 from every connection.",
    '',
    header,
    body,
    '',
    verdicts,
  ].join('\n');
}

async function main() {
  const name = `everdeal_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-'));
  await admin.unsafe(`create database "${name}"`);
  const databaseUrl = withDatabaseName(adminUrl, name);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let floor: Awaited<ReturnType<typeof buildFloor>> | undefined;
  try {
    database = await createDatabase({ databaseUrl, maxConnections: POOL_SIZE });
    await database.migrate();
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    await seedDemoCatalog(database.db, { mediaDir: join(dataDir, 'uploads', 'demo') });
    // NODE_ENV=test only switches the request logger off; everything else is the production setup.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    app = await buildApp({ config, database, withPages: false });
    const { token, line } = await prepareShopper(database, app);
    const targets: Target[] = [
      { name: 'cart/getCartContents', path: '/api/cart/getCartContents', bodies: [{}] },
      {
        name: 'cart/change',
        path: '/api/cart/change',
        bodies: [
          { ...line, quantity: 2 },
          { ...line, quantity: 3 },
        ],
      },
    ];

    const appUrl = await listen(app);
    floor = await buildFloor(databaseUrl, POOL_SIZE);
    const floorUrl = await listen(floor.server);
    // The two must answer the same cart, or the comparison means nothing.
    const post = async (url: string, path: string, body: object) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await response.json()) as { data?: unknown };
      return JSON.stringify(url === appUrl ? json.data : json);
    };
    for (const target of targets) {
      for (const body of target.bodies) {
        const [fromApp, fromFloor] = [await post(appUrl, target.path, body), await post(floorUrl, target.path, body)];
        if (fromApp !== fromFloor)
          throw new Error(`app and floor disagree on ${target.name}:\n${fromApp}\n${fromFloor}`);
      }
    }

    const appResults = await measure('app', appUrl, token, targets);
    await app.close();
    app = undefined;
    const floorResults = await measure('floor', floorUrl, token, targets);

    const rows = targets.flatMap((target) => {
      const a = appResults.get(target.name) as LoadResult;
      const f = floorResults.get(target.name) as LoadResult;
      return [
        { endpoint: target.name, server: 'app', result: a, share: a.requestsPerSecond / f.requestsPerSecond },
        { endpoint: target.name, server: 'floor', result: f, share: 1 },
      ];
    });
    const failed = rows.filter(({ result }) => result.non2xx + result.errors + result.timeouts > 0);
    if (failed.length > 0) {
      throw new Error(`requests failed: ${failed.map((row) => `${row.server} ${row.endpoint}`).join(', ')}`);
    }
    const cpuList = cpus();
    const machine = `${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
    const section = renderSection(rows, machine);
    replaceDocsSection(BENCHMARKS_DOC, 'api', section);
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
    await step('closing the database', () => database?.close());
    await step(`dropping ${name}`, () => admin.unsafe(`drop database if exists "${name}" with (force)`));
    await step('closing the admin connection', () => admin.end({ timeout: 5 }));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
