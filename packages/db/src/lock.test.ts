import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restorePgliteDataDir } from './backup';
import { createDatabase } from './client';
import { acquireDataDirLock } from './lock';
import { migratedTemplate } from './test-template';

let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'everdeal-lock-'));
});

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A live process that is not this one. */
function spawnSleeper(): number {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  if (!child.pid) throw new Error('could not start sleep');
  return child.pid;
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  const pid = child.pid;
  await new Promise((done) => child.on('exit', done));
  if (!pid) throw new Error('could not start true');
  return pid;
}

const lockFile = () => join(dataDir, 'pglite.lock');

describe('acquireDataDirLock', () => {
  it('writes this process id into the lock file and release removes it', () => {
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
    release(); // twice is harmless
  });

  it('refuses while another live process owns the folder, naming the folder', () => {
    const owner = spawnSleeper();
    writeFileSync(lockFile(), String(owner));
    expect(() => acquireDataDirLock(dataDir)).toThrow(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`in use by another Everdeal server (pid ${owner})`);
    // The owner's lock stays in place.
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(owner));
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    writeFileSync(lockFile(), String(await deadPid()));
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over an unreadable lock file', () => {
    writeFileSync(lockFile(), 'garbage');
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('two PGlite servers on one data folder', () => {
  const root = resolve(import.meta.dirname, '../../..');

  /** Another process that opens the folder with createDatabase and holds it until SIGTERM. */
  async function startHolder(): Promise<ChildProcess> {
    const script = join(dataDir, 'holder.mts');
    writeFileSync(
      script,
      `import { createDatabase } from ${JSON.stringify(join(root, 'packages/db/src/client.ts'))};
const database = await createDatabase({ dataDir: ${JSON.stringify(dataDir)} });
process.once('SIGTERM', async () => { await database.close(); process.exit(0); });
console.log('ready');
setInterval(() => {}, 1000);
`,
    );
    // Node itself with tsx's loader, not the tsx command: that one is a second process relaying
    // the signal, and under load it could end before the holder had closed and removed its lock.
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    await new Promise<void>((done, fail) => {
      child.stdout?.on('data', (chunk) => {
        output += chunk;
        if (output.includes('ready')) done();
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      child.on('exit', (code) => fail(new Error(`holder exited with ${code}: ${output}`)));
    });
    return child;
  }

  it('the second createDatabase rejects while the first holds the folder, and opens once it is gone', async () => {
    // The run's migrated template in the folder (apps/server/test/global-setup.ts; none on a
    // PostgreSQL run): opening it costs the holder far less than creating a database from nothing.
    const template = migratedTemplate();
    if (template) await restorePgliteDataDir(dataDir, template);
    const holder = await startHolder();
    await expect(createDatabase({ dataDir })).rejects.toThrow(`The data folder ${dataDir} is in use`);

    const exited = new Promise((done) => holder.on('exit', done));
    holder.kill('SIGTERM');
    await exited;
    expect(existsSync(lockFile())).toBe(false);

    const database = await createDatabase({ dataDir });
    try {
      expect(await database.ping()).toBe(true);
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    } finally {
      await database.close();
    }
    expect(existsSync(lockFile())).toBe(false);
  }, 60_000);
});
