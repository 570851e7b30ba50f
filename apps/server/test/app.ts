import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Db } from '@everdeal/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';
import { createTestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The DATA_DIR of this app (uploads live under it). */
  dataDir: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** The clock of the services, e.g. to see a deal as ended. */
  now?: () => Date;
  /** Called before `ready()`, to add routes or hooks a test needs. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
};

/**
 * The whole API (no pages) on a fresh database: call it once per test file in `beforeAll`
 * and `close()` it in `afterAll`. Requests go through `app.inject()`, the real HTTP layer.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-test-data-'));
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  const { database, db, close: closeDatabase } = await createTestDatabase();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      database,
      withPages: false,
      ...(options.now ? { now: options.now } : {}),
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let closed = false;
  return {
    app,
    db,
    database,
    dataDir,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs a JSON payload to `/api/{path}` and returns the status and the parsed envelope. */
export async function callApi<T = unknown>(
  app: FastifyInstance,
  path: string,
  payload: unknown = {},
): Promise<{ status: number; body: { code: number; msg: string; data: T } }> {
  const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload: payload as object });
  return { status: response.statusCode, body: response.json() };
}
