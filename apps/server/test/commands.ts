import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restorePgliteDataDir } from '@everdeal/db';
import type { CommandContext, ExitCode } from '../src/commands/command';
import { loadPgliteTemplate } from './database';

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
