import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailOutbox } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { loadConfig } from './plugins/config';
import { buildWorker } from './worker-app';

// Decision 034: the worker runs the jobs on the store's services and answers probes only.
// (apps/server/test/multi-instance.test.ts shows it beside web instances on PostgreSQL.)
it('runs the jobs (its mail-delivery round sends a mail left due) and answers only /health and /ready', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-worker-'));
  const { database, db, close } = await createTestDatabase();
  try {
    await db.insert(mailOutbox).values({
      key: 'worker-test:due',
      kind: 'worker-test',
      toAddress: 'due@example.com',
      subject: 'Due before the worker started',
      message: { to: 'due@example.com', subject: 'Due before the worker started', text: 'Hello', html: '<p>Hello</p>' },
    });
    const worker = await buildWorker({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      database,
      jobs: { once: ['mail-delivery'] },
    });
    try {
      await worker.ready();
      const sentStatus = async () =>
        (await db.query.mailOutbox.findFirst({ where: eq(mailOutbox.key, 'worker-test:due') }))?.status;
      const deadline = Date.now() + 10_000;
      while ((await sentStatus()) !== 'sent' && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 50));
      }
      expect(await sentStatus()).toBe('sent');
      const files = readdirSync(join(dataDir, 'mail'));
      expect(files).toHaveLength(1);
      expect(readFileSync(join(dataDir, 'mail', files[0] as string), 'utf8')).toContain('To: due@example.com');

      expect((await worker.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
      expect((await worker.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      for (const url of ['/', '/api/docs', '/sitemap.xml']) {
        expect((await worker.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      const call = await worker.inject({ method: 'POST', url: '/api/products/getProducts', payload: {} });
      expect(call.statusCode).toBe(404);
    } finally {
      await worker.close();
    }
  } finally {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
