import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Db, restorePgliteDataDir } from '@everdeal/db';
import type { CommandContext, ExitCode } from '../src/commands/command';
import { createTestDatabase, loadPgliteTemplate } from './database';

/**
 * Runs an operator command (src/commands) in this process, as its `*-cli.ts` entry would run it
 * in `cwd` with only `env` set: answers the exit code and everything it printed, in order.
 * built-commands.test.ts runs the built entries as processes.
 */
export async function runCommand(
  command: (context: CommandContext) => Promise<ExitCode>,
  { argv = [], cwd, env = {} }: { argv?: string[]; cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: ExitCode; output: string }> {
  const lines: string[] = [];
  const code = await command({
    argv,
    env,
    cwd,
    out: { info: (message) => lines.push(message), error: (message) => lines.push(message) },
  });
  return { code, output: lines.join('\n') };
}

/** An empty working folder of the test's own: no developer .env can change an outcome. */
export function emptyFolder(name: string): string {
  return mkdtempSync(join(tmpdir(), `everdeal-${name}-`));
}

/**
 * An embedded database in `dataDir` (as DATA_DIR names it) copied from the migrated template of
 * the run (global-setup.ts), instead of created and migrated from nothing.
 */
export async function createTestDataDir(dataDir: string): Promise<void> {
  await restorePgliteDataDir(dataDir, loadPgliteTemplate());
}

/**
 * The migrated database a command test points its command at, as an operator would: a throwaway
 * PostgreSQL database (DATABASE_URL) when the run is on PostgreSQL, else an embedded one in
 * `cwd/data` (DATA_DIR). `use` opens it between command runs (PGlite's folder is one process's
 * at a time, and the command opens it itself).
 */
export async function createCommandDatabase(cwd: string): Promise<{
  env: NodeJS.ProcessEnv;
  /** How the command names this database in its messages. */
  name: string;
  use<T>(work: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}> {
  if (process.env.TEST_DATABASE_URL) {
    const database = await createTestDatabase();
    const url = new URL(database.url as string);
    return {
      env: { DATABASE_URL: url.toString() },
      name: `the PostgreSQL database ${url.host}${url.pathname} (DATABASE_URL)`,
      use: (work) => work(database.db),
      close: () => database.close(),
    };
  }
  const dataDir = join(cwd, 'data');
  await createTestDataDir(dataDir);
  return {
    env: { DATA_DIR: dataDir },
    name: `the embedded database in ${dataDir} (DATA_DIR)`,
    use: async (work) => {
      const database = await createDatabase({ dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    close: async () => {},
  };
}
