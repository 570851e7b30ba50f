/**
 * `npm run bench:accounts` (decision 002, docs/benchmarks.md "Accounts and hostile input"):
 * answer times that could reveal an account or cost the server dearly, on the real app with the production argon2id cost and an in-memory PGlite.
 * - forgotPassword for an address with an account and one without (they must not differ);
 * - login with a wrong password of 20 characters and of 1 MB (the second must not cost more).
 * Prints a Markdown table for docs/benchmarks.md. BENCH_ROUNDS (default 200) sets the calls per row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@everdeal/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';
import { defaultRateLimits, type RateLimitSettings } from '../src/plugins/rate-limit';

const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-accounts-'));
const database = await createDatabase({ memory: true });
await database.migrate();
// Limits out of the way: this measures the work of a call, not the 429 in front of it.
const unlimited = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 1_000_000, durationSeconds: 60 }]),
) as RateLimitSettings;
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
  database,
  withPages: false,
  rateLimits: unlimited,
});

async function call(path: string, payload: object): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload });
  const elapsed = performance.now() - started;
  if (response.statusCode >= 500) throw new Error(`${path} answered ${response.statusCode}`);
  // Work started after the answer (the reset mail) finishes before the next call is timed.
  await new Promise((done) => setTimeout(done, 30));
  return elapsed;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

const email = 'bench-owner@example.com';
await call('users/register', { email, password: 'plum-Velvet-42-harbour' });

const rows: [string, number[]][] = [
  ['forgotPassword, address with an account', []],
  ['forgotPassword, address without one', []],
  ['login, wrong password of 20 characters', []],
  ['login, wrong password of 1 MB', []],
];
const [withAccount, withoutAccount, shortPassword, hugePassword] = rows.map(([, samples]) => samples) as number[][];
for (let i = 0; i < rounds; i++) {
  // Interleaved, so a slow moment of the shared machine hits both sides alike.
  withAccount?.push(await call('users/forgotPassword', { email }));
  withoutAccount?.push(await call('users/forgotPassword', { email: `nobody-${i}@example.com` }));
}
const huge = 'x'.repeat(1024 * 1024 - 100);
for (let i = 0; i < Math.min(rounds, 50); i++) {
  shortPassword?.push(await call('users/login', { email, password: 'not-the-password-123' }));
  hugePassword?.push(await call('users/login', { email, password: huge }));
}
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

console.info('| call | calls | p50 ms | p95 ms |\n|---|---|---|---|');
for (const [name, samples] of rows) {
  const { p50, p95 } = summary(samples);
  console.info(`| ${name} | ${samples.length} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
}
