/**
 * What `npm run bench:checkout` (checkout.ts) and `npm run bench:checkout-cpu` (checkout-cpu.ts)
 * share: a throwaway PostgreSQL database with ten plans, buyers made in bulk (session, saved
 * sandbox card, a cart of two lines), the SMTP sink the receipts go to, and the load generator.
 */
import { fork, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, type Db, paymentMethods, sandboxCards, users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { generateToken, hashToken, SESSION_TTL_MS } from '../src/modules/users/sessions';

const here = dirname(fileURLToPath(import.meta.url));

export type LoadResult = {
  total: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
export type Buyer = { token: string; paymentMethodId: string };
export type PlanRef = { productId: number; planId: number };

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A new, migrated database on the server of `adminUrl`; `drop()` closes it and drops it. */
export async function createBenchDatabase(
  adminUrl: string,
  poolSize: number,
  onQuery?: (query: string) => void,
): Promise<{ databaseUrl: string; database: Database; drop(): Promise<void> }> {
  const name = `everdeal_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const databaseUrl = withDatabaseName(adminUrl, name);
  const drop = async () => {
    try {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
  try {
    const database = await createDatabase({ databaseUrl, maxConnections: poolSize, ...(onQuery ? { onQuery } : {}) });
    await database.migrate();
    return {
      databaseUrl,
      database,
      drop: async () => {
        await database.close().catch(() => {});
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** `count` plans of as many products of one seller, each with `codesPerPlan` codes. */
export async function createPlans(db: Db, count: number, codesPerPlan: number): Promise<PlanRef[]> {
  const category = await createCategory(db);
  const seller = await createSeller(db);
  const plans: PlanRef[] = [];
  for (let i = 0; i < count; i++) {
    const product = await createProduct(db, {
      categoryId: category.id,
      sellerId: seller.id,
      plans: [{ codes: codesPerPlan, priceCents: 4900 + 1000 * i, originalPriceCents: 24500 + 5000 * i }],
    });
    plans.push({ productId: product.id, planId: product.plans[0]?.id ?? 0 });
  }
  return plans;
}

/** A buyer's card brand and token, like the sandbox vaults them. */
const CARD = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 };

/**
 * `count` buyers in bulk: user, live session, sandbox card (vault and saved method, default) and a
 * cart of one code each of two consecutive plans. Answers their tokens and card ids.
 */
export async function createBuyers(db: Db, count: number, plans: PlanRef[], offset: number): Promise<Buyer[]> {
  const now = new Date();
  const rows = Array.from({ length: count }, (_, i) => {
    const token = generateToken();
    const n = offset + i;
    const first = plans[n % plans.length] as PlanRef;
    const second = plans[(n + 1) % plans.length] as PlanRef;
    return {
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      token,
      tokenHash: hashToken(token),
      cardToken: `pm_sandbox_bench_${randomBytes(12).toString('hex')}`,
      methodId: randomUUID(),
      lines: [first, second],
    };
  });
  const payload = JSON.stringify(
    rows.map((row) => ({
      email: row.email,
      token_hash: row.tokenHash,
      card_token: row.cardToken,
      method_id: row.methodId,
      p1: row.lines[0]?.productId,
      l1: row.lines[0]?.planId,
      p2: row.lines[1]?.productId,
      l2: row.lines[1]?.planId,
    })),
  );
  const at = now.toISOString();
  const expires = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with input as (
        select * from json_to_recordset(${payload}::json)
          as r(email text, token_hash text, card_token text, method_id uuid, p1 int, l1 int, p2 int, l2 int)
      ), new_users as (
        insert into ${users} (email, first_name, last_name) select email, 'Bench', 'Buyer' from input
        returning id, email
      ), joined as (
        select input.*, new_users.id as user_id from input join new_users using (email)
      ), new_sessions as (
        insert into sessions (user_id, token_hash, expires_at, last_seen_at, created_at)
        select user_id, token_hash, ${expires}::timestamptz, ${at}::timestamptz, ${at}::timestamptz from joined
        returning id
      ), vault as (
        insert into ${sandboxCards} (token, brand, last4, exp_month, exp_year, behavior, created_at)
        select card_token, ${CARD.brand}, ${CARD.last4}, ${CARD.expMonth}, ${CARD.expYear}, 'succeed', ${at}::timestamptz
        from joined
        returning token
      ), methods as (
        insert into ${paymentMethods} (id, user_id, provider, provider_token, brand, last4, exp_month, exp_year, is_default, created_at)
        select method_id, user_id, 'sandbox', card_token, ${CARD.brand}, ${CARD.last4}, ${CARD.expMonth}, ${CARD.expYear}, true,
          ${at}::timestamptz
        from joined
        returning id
      )
      insert into cart_items (user_id, product_id, plan_id, quantity)
      select user_id, p1, l1, 1 from joined union all select user_id, p2, l2, 1 from joined`);
  });
  return rows.map((row) => ({ token: row.token, paymentMethodId: row.methodId }));
}

/** The SMTP sink (bench/smtp-sink.mjs) in a child process, and a way to ask it how many mails came. */
export async function startSmtpSink() {
  const child = fork(join(here, 'smtp-sink.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() =>
    new Promise<T>((resolvePromise) => child.once('message', (message) => resolvePromise(message as T)));
  const { port } = await next<{ port: number }>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: async () => {
      const answer = next<{ count: number }>();
      child.send('count');
      return (await answer).count;
    },
    stop: () => child.disconnect(),
  };
}

/** Runs the load generator in a child process (bench/load-checkout.mjs) on these buyers. */
export function runLoad(url: string, buyers: Buyer[], folder: string, connections: number): Promise<LoadResult> {
  const buyersFile = join(folder, `buyers-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(buyersFile, JSON.stringify(buyers));
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [join(here, 'load-checkout.mjs'), JSON.stringify({ url, connections, buyersFile })],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
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

export async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** One checkout of `buyer`; throws unless it answered 200. */
/**
 * The receipt goes out after the answer (modules/mail/outbox.ts): waits until its claim and its
 * recorded outcome, the two statements that update the outbox, were sent too.
 */
export async function untilReceiptRecorded(statements: string[], timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (statements.filter((text) => /^\s*update "mail_outbox"/.test(text)).length < 2) {
    if (Date.now() > deadline) throw new Error('the receipt was not delivered');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function checkoutOnce(url: string, buyer: Buyer) {
  const response = await fetch(`${url}/api/orders/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
    body: JSON.stringify({ paymentMethodId: buyer.paymentMethodId, idempotencyKey: randomUUID() }),
  });
  if (response.status !== 200)
    throw new Error(`checkout at ${url} answered ${response.status}: ${await response.text()}`);
}
