import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ContactResult } from '@everdeal/contracts';
import { createDatabase, mailOutbox } from '@everdeal/db';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './accounts';
import { freePort, post } from './cluster';
import { createTestDataDir } from './commands';
import { createTestDatabase, type TestDatabase } from './database';
import { startTestSmtp, type TestSmtp } from './smtp';

/**
 * Decision 029, docs/operations.md "Mail outbox": a server killed (kill -9) after the commit that
 * queued a mail and before its SMTP server answered loses nothing and sends nothing twice. The real
 * server runs as a process of its own (test/api-server.ts) on a database that outlives it:
 * PostgreSQL with TEST_DATABASE_URL, else a PGlite data folder. Its mail server takes the message
 * and never answers; the process is killed mid-send; restarted with a mail server that accepts,
 * it sends the mail once the claim of the dead process has run out (MAIL_DELIVERY_LEASE_SECONDS).
 */

const repositoryRoot = resolve(import.meta.dirname, '../../..');
const serverRoot = resolve(import.meta.dirname, '..');
// Bundled inside the repository, so the bundle finds node_modules as apps/server/dist does.
const outdir = join(serverRoot, '.tmp', `mail-crash-${randomBytes(4).toString('hex')}`);
const SUPPORT = 'crash-support@everdeal.example';
/** The shortest lease the config takes: the restarted server may send 5 s after the claim. */
const LEASE_SECONDS = '5';

type ServerProcess = { url: string; child: ChildProcess; exited: Promise<number | null>; output(): string };

let dataDir: string;
let testDatabase: TestDatabase | undefined;
const smtpServers: TestSmtp[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  // Bundled once with esbuild and started with plain node: under tsx each of the two starts spent
  // about as much CPU compiling and loading the server as starting it.
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir, '--entry', 'test/api-server.ts'], {
    cwd: serverRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build.mjs failed:\n${built.stdout}${built.stderr}`);
  dataDir = mkdtempSync(join(tmpdir(), 'everdeal-mail-crash-'));
  // PostgreSQL: a throwaway database of its own, read here while the server runs. PGlite: the
  // server's own folder, read once it has stopped (one process at a time).
  if (process.env.TEST_DATABASE_URL) testDatabase = await createTestDatabase();
  // PGlite: the migrated template in the folder, so the server does not first create a database
  // from nothing (about ten seconds of a core) before it migrates.
  else await createTestDataDir(dataDir);
});
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await Promise.all(smtpServers.map((smtp) => smtp.close()));
  await testDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

async function startSmtp(mode: 'hold' | 'accept'): Promise<TestSmtp> {
  const smtp = await startTestSmtp(mode);
  smtpServers.push(smtp);
  return smtp;
}

/** Starts the server on the shared database with this mail server, and waits until it is ready. */
async function startServer(smtpUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(outdir, 'api-server.js')], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(testDatabase?.url ? { DATABASE_URL: testDatabase.url } : {}),
      SMTP_URL: smtpUrl,
      SUPPORT_EMAIL: SUPPORT,
      MAIL_DELIVERY_LEASE_SECONDS: LEASE_SECONDS,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    exited: new Promise((done) => child.once('exit', (code) => done(code))),
    output: () => output,
  };
  servers.push(server);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const status = await fetch(`${server.url}/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the server was not ready after 60 s:\n${output}`);
}

/** The contact message's two mails as the database has them (PGlite: only once no server runs). */
async function mailRows(messageId: string) {
  const read = async (database: Pick<TestDatabase, 'db'>) =>
    (
      await database.db
        .select({ key: mailOutbox.key, status: mailOutbox.status, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(like(mailOutbox.key, `contact:${messageId}:%`))
    ).sort((a, b) => a.key.localeCompare(b.key));
  if (testDatabase) return read(testDatabase);
  const database = await createDatabase({ dataDir });
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

describe('a server killed mid-send', () => {
  it('sends the mail after a restart, exactly once', { timeout: 180_000 }, async () => {
    const holding = await startSmtp('hold');
    const first = await startServer(holding.url);
    const email = uniqueEmail('crash');
    const sent = await post<ContactResult>(first.url, 'contact/send', {
      name: 'Ada',
      email,
      subject: 'Sent just before a crash',
      message: 'The server dies while this is being mailed.',
    });
    expect(sent.status).toBe(200);
    const messageId = sent.body.data.id;
    // Committed, claimed, and in the mail server's hands without an answer: now the process dies.
    await expect.poll(() => holding.held, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    if (testDatabase) {
      expect((await mailRows(messageId)).map((row) => row.status)).toEqual(['sending', 'sending']);
    }
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    expect(first.child.signalCode).toBe('SIGKILL');

    const accepting = await startSmtp('accept');
    const second = await startServer(accepting.url);
    // Once the dead process's lease has run out, the mail-delivery job (every 500 ms in
    // api-server.ts) sends both.
    await expect
      .poll(() => accepting.count(SUPPORT) + accepting.count(email), { timeout: 60_000, interval: 250 })
      .toBe(2);
    expect(accepting.count(SUPPORT, /^\[Contact\] Sent just before a crash$/)).toBe(1);
    expect(accepting.count(email, /^We received your message to Everdeal$/)).toBe(1);

    // Stopped gracefully, with nothing left to send: both sent, on the restarted server's attempt.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await mailRows(messageId)).toEqual([
      { key: `contact:${messageId}:sender`, status: 'sent', attempts: 2 },
      { key: `contact:${messageId}:store`, status: 'sent', attempts: 2 },
    ]);
    expect(accepting.accepted).toHaveLength(2);
    expect(holding.accepted).toEqual([]);
  });
});
