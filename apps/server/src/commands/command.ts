/**
 * What an operator command runs with: its arguments, environment, working folder and where it
 * prints. The `*-cli.ts` entry files pass the process's own (docs/operations.md "Operator
 * commands"); tests call the commands in their process with an empty folder of their own, since
 * a process per call (tsx compiling the server, PGlite loading its WebAssembly) cost seconds each
 * (docs/development.md, "Test speed"). The built entries are still run as processes by
 * built-commands.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { createDatabase, type Database } from '@everdeal/db';
import { type Config, ConfigError, loadConfig } from '../plugins/config';

export type CommandOutput = { info(message: string): void; error(message: string): void };

export type CommandContext = {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: CommandOutput;
};

/** A command's exit code: 0 when it did what it was asked, 1 otherwise. */
export type ExitCode = 0 | 1;

/**
 * The configuration as the server would read it in `cwd`: its `.env` first (variables already
 * set win, as with `process.loadEnvFile`), and a relative DATA_DIR taken from `cwd`.
 */
export function loadCommandConfig({ env, cwd }: Pick<CommandContext, 'env' | 'cwd'>): Config {
  const dotEnvPath = resolve(cwd, '.env');
  const fromFile = existsSync(dotEnvPath) ? parseEnv(readFileSync(dotEnvPath, 'utf8')) : {};
  const merged: NodeJS.ProcessEnv = { ...fromFile, ...env };
  merged.DATA_DIR = resolve(cwd, merged.DATA_DIR || './data');
  return loadConfig(merged);
}

/** The configured database: PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return createDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
}

/** What a command prints when it fails: a configuration's list of problems, else the error's stack. */
export function describeFailure(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Runs a command as its process: with this process's arguments, environment and folder. */
export async function runAsProcess(command: (context: CommandContext) => Promise<ExitCode>): Promise<void> {
  process.exitCode = await command({
    argv: process.argv.slice(2),
    env: process.env,
    cwd: process.cwd(),
    out: { info: (message) => console.info(message), error: (message) => console.error(message) },
  });
}
