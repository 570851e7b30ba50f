/**
 * `npm run bench:licenses` (decision 032, docs/benchmarks.md "License validation against its
 * floor"): requests per second, p50 and p99 of `licenses/validate` on the real app, then on a bare
 * Fastify floor that sends the very same SQL through the same driver and pool size, and writes
 * the table into docs/benchmarks.md.
 *
 * A seller's 10 products sell 400 codes through real checkouts; the load cycles through 100 of
 * them with one API key, 20 connections. The app answers from its key cache and in-memory per-key
 * limit (set high enough not to refuse the load: the limiter is still consulted on every call);
 * before measuring, one call through each server is recorded and their SQL compared.
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must
 * allow creating a database; a throwaway one is created, migrated, filled and dropped.
 * BENCH_SECONDS (per run, default 10) and BENCH_CONNECTIONS (default 20) tune the load.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { licenseCodes, orderItemCodes, products, sellerMembers, sessions, users } from '@everdeal/db';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { generateToken, hashToken } from '../src/lib/opaque-token';
import { findLicenseStatement } from '../src/modules/licensing/licenses.sql';
import { loadConfig } from '../src/plugins/config';
import { checkoutOnce, createBenchDatabase, createBuyers, createPlans, listen } from './checkout-setup';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';

const here = dirname(fileURLToPath(import.meta.url));
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP_SECONDS = 3;
const POOL_SIZE = 10;
const BUYERS = 200;
const CODES_IN_LOAD = 100;
const TARGET_SHARE = 0.6;
const TARGET_P99_MS = 50;

type LoadResult = {
  requestsPerSecond: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};
type Run = { server: string; result: LoadResult; cpuMs: number; share: number };

/** autocannon in a child process (bench/load.mjs), so it never shares the server's event loop. */
function runLoad(url: string, key: string, codes: string[], duration: number): Promise<LoadResult> {
  const options = {
    url,
    connections,
    duration,
    requests: codes.map((code) => ({
      method: 'POST',
      path: '/api/licenses/validate',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ code }),
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

/**
 * The floor: Fastify with no plugins, no key lookup, no limiter, no validation, no envelope
 * check; it reads the body, sends the app's own `licenses/validate` statement (rendered once with
 * its placeholders, prepared by the driver) and answers the row.
 */
async function buildFloor(databaseUrl: string, sellerId: number, captured: string[]) {
  const client = postgres(databaseUrl, { max: POOL_SIZE, onnotice: () => {} });
  const { sql: text, params } = new PgDialect({ casing: 'snake_case' }).sqlToQuery(findLicenseStatement());
  const server = Fastify();
  server.post('/api/licenses/validate', async (request, reply) => {
    const { code } = request.body as { code: string };
    captured.push(text);
    const [row] = await client.unsafe(text, fillPlaceholders(params, { code, sellerId }) as never[], { prepare: true });
    if (!row) return reply.code(404).send({ code: 404, msg: 'License not found', data: null });
    const { codeId: _codeId, ...license } = row;
    return { code: 0, msg: 'success', data: { ...license, valid: license.status !== 'revoked' } };
  });
  return { server, close: () => client.end({ timeout: 5 }) };
}

function renderSection(rows: Run[], machine: string, load: string): string {
  const header =
    '| server | requests/s | p50 (ms) | p99 (ms) | % of floor | server CPU per request (ms) |\n|---|---:|---:|---:|---:|---:|';
  const body = rows
    .map(
      ({ server, result, share, cpuMs }) =>
        `| ${server} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50} | ${result.p99} | ${(share * 100).toFixed(0)}% | ${cpuMs.toFixed(2)} |`,
    )
    .join('\n');
  const app = rows.find((row) => row.server === 'app');
  const met = app !== undefined && app.share >= TARGET_SHARE && app.result.p99 < TARGET_P99_MS;
  return [
    '## License validation against its floor (`npm run bench:licenses`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}; the load generator`,
    `(autocannon, ${connections} connections, ${seconds} s per server after ${WARMUP_SECONDS} s to warm up) runs on the`,
    'same machine, as does PostgreSQL. Every request is `POST /api/licenses/validate` with one seller’s API',
    `key, cycling through ${CODES_IN_LOAD} of its 400 sold codes. "app" is the real server (\`buildApp\`, no pages, logger`,
    'off): the key found in its key cache, the per-key limit consulted in memory (set high enough not to',
    'refuse), one prepared statement, the envelope checked against the contract, the key’s last use written',
    'at most once a minute. "floor" is bare Fastify sending the same SQL text (checked at start) through',
    'the same driver and pool size, without key, limiter, validation or envelope check. "Server CPU per',
    'request" is the Node process\'s own CPU time (`process.cpuUsage`) over the run divided by its requests.',
    `Load average at the start of the runs: ${load}.`,
    '',
    header,
    body,
    '',
    `- ${met ? 'Meets' : 'Misses'} the target (p99 < ${TARGET_P99_MS} ms and at least ${TARGET_SHARE * 100}% of the floor's requests per second).`,
  ].join('\n');
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'everdeal-bench-licenses-'));
  let capture: string[] | null = null;
  let bench: Awaited<ReturnType<typeof createBenchDatabase>> | undefined;
  let app: FastifyInstance | undefined;
  let floor: Awaited<ReturnType<typeof buildFloor>> | undefined;
  try {
    bench = await createBenchDatabase(adminUrl, POOL_SIZE, (query) => capture?.push(query));
    const { database, databaseUrl } = bench;
    const { db } = database;
    mkdirSync(join(folder, 'uploads'), { recursive: true });
    const plans = await createPlans(db, 10, 2 * BUYERS);
    const buyers = await createBuyers(db, BUYERS, plans, 0);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: folder, DATABASE_URL: databaseUrl });
    app = await buildApp({
      config,
      database,
      withPages: false,
      jobs: { once: ['trending', 'waitlist-announcements'] },
      rateLimits: { licenseCallsPerKey: { points: 1_000_000_000, durationSeconds: 60 } },
    });
    const appUrl = await listen(app);
    for (const buyer of buyers) await checkoutOnce(appUrl, buyer);
    const sold = await db
      .select({ code: licenseCodes.code })
      .from(orderItemCodes)
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .limit(CODES_IN_LOAD);
    const codes = sold.map((row) => row.code);

    // A member of the products' seller, and a key made through the API.
    const [product] = await db.select({ sellerId: products.sellerId }).from(products).limit(1);
    const sellerId = product?.sellerId ?? 0;
    const [member] = await db
      .insert(users)
      .values({
        email: `bench-seller-${generateToken().slice(0, 8)}@example.com`,
        firstName: 'Bench',
        lastName: 'Seller',
      })
      .returning({ id: users.id });
    if (!member) throw new Error('no member');
    await db.insert(sellerMembers).values({ sellerId, userId: member.id });
    const sessionToken = generateToken();
    const now = new Date();
    await db.insert(sessions).values({
      userId: member.id,
      tokenHash: hashToken(sessionToken),
      expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      lastSeenAt: now,
      createdAt: now,
    });
    const created = await fetch(`${appUrl}/api/seller/createApiKey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionToken}` },
      body: JSON.stringify({ name: 'Bench' }),
    });
    const key = ((await created.json()) as { data: { key: string } }).data.key;
    await db.execute(sql`analyze`);

    const floorCapture: string[] = [];
    floor = await buildFloor(databaseUrl, sellerId, floorCapture);
    const floorUrl = await listen(floor.server);

    // One call each (the app's first call caches the key and writes its last use; the second is
    // the steady state the load sees): the same statements, or the floor is no floor.
    const validate = (url: string) =>
      fetch(`${url}/api/licenses/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ code: codes[0] }),
      }).then(async (response) => {
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
        return response.json();
      });
    await validate(appUrl);
    await new Promise((done) => setTimeout(done, 200));
    capture = [];
    const appAnswer = await validate(appUrl);
    const appTexts = [...capture];
    capture = null;
    const floorAnswer = await validate(floorUrl);
    if (JSON.stringify(appTexts) !== JSON.stringify(floorCapture)) {
      throw new Error(
        `app and floor send different SQL:\napp: ${appTexts.join('\n')}\nfloor: ${floorCapture.join('\n')}`,
      );
    }
    // Same fields and values; the order of keys is the serialiser's business.
    const canonical = (value: unknown) =>
      JSON.stringify(value, (_key, inner: unknown) =>
        inner && typeof inner === 'object' && !Array.isArray(inner)
          ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
          : inner,
      );
    if (canonical(appAnswer) !== canonical(floorAnswer)) {
      throw new Error(
        `app and floor answer differently:\n${JSON.stringify(appAnswer)}\n${JSON.stringify(floorAnswer)}`,
      );
    }
    console.info(`app and floor send the same ${appTexts.length} statement per validation and answer alike`);

    const measure = async (label: string, url: string) => {
      await runLoad(url, key, codes, WARMUP_SECONDS);
      const cpuBefore = process.cpuUsage();
      const result = await runLoad(url, key, codes, seconds);
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000 / result.total;
      console.info(
        `${label}: ${result.requestsPerSecond.toFixed(0)} requests/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${cpuMs.toFixed(2)} ms CPU per request`,
      );
      if (result.non2xx + result.errors > 0) {
        throw new Error(`${label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      return { result, cpuMs };
    };
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(', ');
    const appRun = await measure('app', appUrl);
    const floorRun = await measure('floor', floorUrl);

    const cpuList = cpus();
    const machine = `${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
    const section = renderSection(
      [
        { server: 'app', ...appRun, share: appRun.result.requestsPerSecond / floorRun.result.requestsPerSecond },
        { server: 'floor', ...floorRun, share: 1 },
      ],
      machine,
      load,
    );
    replaceDocsSection(BENCHMARKS_DOC, 'licenses', section);
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
    await step('dropping the database', async () => bench?.drop());
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
