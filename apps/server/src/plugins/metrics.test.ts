import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { ContactResult } from '@everdeal/contracts';
import { mailOutbox } from '@everdeal/db';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../test/app';
import { countOutbox, queueMail } from '../modules/mail';
import { ConfigError, loadConfig } from './config';

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

describe('metrics off (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('are not on the public port', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('everdeal_');
    }
  });

  it('need a token when they would listen beyond loopback', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrow(ConfigError);
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-enough-token' }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token: 'a-long-enough-token' });
    expect(loadConfig({}).metrics).toBeUndefined();
  });
});

describe('metrics on', () => {
  let t: TestApp;
  let port: number;
  const token = 'metrics-token-for-tests';
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      env: { METRICS_PORT: String(port), METRICS_TOKEN: token, CATALOG_CACHE_TTL_MS: '60000' },
      rateLimits: { registerPerIp: { points: 1, durationSeconds: 3600 } },
    });
  });
  afterAll(() => t?.close());

  const scrape = (authorization?: string) =>
    fetch(`http://127.0.0.1:${port}/metrics`, authorization ? { headers: { authorization } } : {});

  it('answer 401 without the token and 404 elsewhere on their port', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong-token-of-same-size')).status).toBe(401);
    expect(
      (await fetch(`http://127.0.0.1:${port}/other`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
  });

  it('count requests per route, cache lookups, job runs, refusals and database connections', async () => {
    await callApi(t.app, 'products/getCategories');
    await callApi(t.app, 'products/getCategories');
    await callApi(t.app, 'products/getProduct', { slug: 'no-such-product' });
    for (let i = 0; i < 2; i++) {
      await callApi(t.app, 'users/register', { email: uniqueEmail(), password: GOOD_PASSWORD }, { ip: '10.8.0.1' });
    }
    const response = await scrape(`Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /^everdeal_http_requests_total\{method="POST",route="\/api\/products\/getCategories",status="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^everdeal_http_requests_total\{method="POST",route="\/api\/products\/getProduct",status="404"\} 1$/m,
    );
    expect(text).toMatch(
      /^everdeal_http_request_duration_seconds_count\{method="POST",route="\/api\/users\/register"\} 2$/m,
    );
    // Misses: the categories, the catalogue's next deal moment they are kept until (decision 044,
    // a lookup of its own), and the unknown product; the second categories read is the hit.
    expect(text).toMatch(/^everdeal_cache_lookups_total\{cache="catalog",outcome="miss"\} 3$/m);
    expect(text).toMatch(/^everdeal_cache_lookups_total\{cache="catalog",outcome="hit"\} 1$/m);
    expect(text).toMatch(/^everdeal_job_runs_total\{job="trending",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^everdeal_rate_limited_total\{limit="registerPerIp"\} 1$/m);
    const max = t.database.kind === 'pglite' ? 1 : 5;
    expect(text).toMatch(new RegExp(`^everdeal_db_connections\\{state="max"\\} ${max}$`, 'm'));
    // On PostgreSQL, pg_stat_activity's view of this instance: at least the scrape's own query is active.
    if (t.database.kind === 'postgres') expect(text).toMatch(/^everdeal_db_connections\{state="active"\} [1-5]$/m);
    expect(text).toMatch(/^everdeal_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^everdeal_nodejs_eventloop_lag_seconds /m);
    // Route patterns, never raw URLs: no query strings, no slugs, no ids.
    expect(text).not.toContain('no-such-product');
  });

  it('show the waiting mail of the outbox by state, for every instance, and delivery attempts by kind and outcome', async () => {
    const sent = await callApi<ContactResult>(t.app, 'contact/send', {
      name: 'Ada',
      email: uniqueEmail('metrics'),
      message: 'A message long enough to send.',
    });
    expect(sent.status).toBe(200);
    // Both mails delivered, and nothing else in flight that would change the counts before the scrape.
    await expect
      .poll(async () => {
        const rows = await t.db
          .select({ status: mailOutbox.status })
          .from(mailOutbox)
          .where(like(mailOutbox.key, `contact:${sent.body.data.id}:%`));
        return { statuses: rows.map((row) => row.status), sending: (await countOutbox(t.db)).sending };
      })
      .toEqual({ statuses: ['sent', 'sent'], sending: 0 });
    // A mail another instance queued and nobody has sent yet: counted from the table, not from this process.
    const to = uniqueEmail('waiting');
    await queueMail(
      t.db,
      [{ key: `metrics:${randomUUID()}`, kind: 'test', to, message: { to, subject: 'Later', text: 'x', html: 'x' } }],
      new Date(),
    );
    const counts = await countOutbox(t.db);
    expect(counts.pending).toBeGreaterThanOrEqual(1);
    expect(Object.keys(counts).sort()).toEqual(['failed', 'pending', 'sending']);

    const text = await (await scrape(`Bearer ${token}`)).text();
    for (const [status, n] of Object.entries(counts)) {
      expect(text).toMatch(new RegExp(`^everdeal_mail_outbox\\{status="${status}"\\} ${n}$`, 'm'));
    }
    // Sent rows only grow: the gauge leaves them out (the deliveries counter counts them).
    expect(text).not.toMatch(/^everdeal_mail_outbox\{status="sent"\}/m);
    expect(text).toMatch(/^everdeal_mail_deliveries_total\{kind="contact",outcome="sent"\} 1$/m);
    expect(text).toMatch(/^everdeal_mail_deliveries_total\{kind="contact-acknowledgement",outcome="sent"\} 1$/m);
  });
});
