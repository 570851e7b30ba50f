/**
 * `npm run bench:codes-upload` (decision 014, docs/benchmarks.md targets): 100,000 license codes as one CSV through
 * the real multipart route of a listening server (Fastify, multipart stream, parser, batched
 * inserts), on PostgreSQL when DATABASE_URL is set, else on an in-memory PGlite. Prints the time,
 * the codes per second and the server's resident memory: its baseline, its peak during the upload
 * (sampled every 20 ms) and the difference, which stays flat when the file is streamed rather
 * than held. BENCH_CODES sets the number of codes.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, licenseCodes, sellerMembers, users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createSession } from '../src/modules/users/sessions';
import { loadConfig } from '../src/plugins/config';

const count = Number(process.env.BENCH_CODES ?? 100_000);
const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-codes-'));
const database = await createDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { memory: true },
);
await database.migrate();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
  database,
  withPages: false,
  jobs: { once: ['trending', 'waitlist-announcements'] },
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// A seller, its member with a session, and a draft with one empty plan.
const [member] = await database.db
  .insert(users)
  .values({ email: `bench-seller-${randomBytes(4).toString('hex')}@example.com` })
  .returning({ id: users.id });
if (!member) throw new Error('no user');
const seller = await createSeller(database.db);
await database.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.id });
const category = await createCategory(database.db);
const product = await createProduct(database.db, {
  sellerId: seller.id,
  categoryId: category.id,
  isPublished: false,
  reviewStatus: 'draft',
  plans: [{ codes: 0 }],
});
const planId = product.plans[0]?.id as number;
const token = await createSession(database.db, member.id, new Date());

// The file, written to disk in pieces so the client side holds none of it either.
const file = join(dataDir, 'codes.csv');
const out = createWriteStream(file);
out.write('code\n');
for (let i = 0; i < count; i++) {
  if (!out.write(`BENCH-${randomBytes(6).toString('hex').toUpperCase()}-${i.toString(36).toUpperCase()}\n`)) {
    await once(out, 'drain');
  }
}
out.end();
await once(out, 'finish');
const bytes = statSync(file).size;

global.gc?.();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

const form = new FormData();
form.append('planId', String(planId));
form.append('codes', await openAsBlob(file, { type: 'text/csv' }), 'codes.csv');
const started = performance.now();
const response = await fetch(`${address}/api/seller/uploadCodes`, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}` },
  body: form,
});
const body = (await response.json()) as { code: number; msg: string; data: { added: number; rows: number } };
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const [stored] = await database.db
  .select({ n: sql<number>`count(*)`.mapWith(Number) })
  .from(licenseCodes)
  .where(eq(licenseCodes.planId, planId));
const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}`);
console.log(
  `answer: ${response.status} ${body.code === 0 ? `${body.data.added} added of ${body.data.rows} rows` : body.msg}`,
);
console.log(`stored in the plan: ${stored?.n ?? 0}`);
console.log('');
console.log('| codes | file | time | codes/s | server RSS before | peak during | growth |');
console.log('|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${count.toLocaleString('en-US')} | ${mb(bytes)} | ${seconds.toFixed(1)} s | ${Math.round(count / seconds).toLocaleString('en-US')} | ${mb(baselineRss)} | ${mb(peakRss)} | ${mb(peakRss - baselineRss)} |`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (response.status !== 200 || (stored?.n ?? 0) !== count) process.exitCode = 1;
