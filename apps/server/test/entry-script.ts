import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

type RunOptions = { args?: string[]; cwd: string; env?: Record<string, string>; timeoutMs?: number };

/**
 * Runs one of the server's entry scripts (`apps/server/src/...`) through tsx, the way a person
 * would from a shell: in `cwd` (make it an empty folder, so no developer .env changes the
 * outcome) with only PATH, HOME and `env` set. Answers the exit code and everything printed.
 */
export function runEntryScript(script: string, { args = [], ...options }: RunOptions) {
  return runCommand(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/server/src', script), ...args], options);
}

/**
 * Runs a built command (a `.js` file of the server's build) with plain node and nothing else: no
 * tsx, no npm, the same clean environment as `runEntryScript`. This is how production runs them.
 */
export function runBuiltScript(file: string, { args = [], ...options }: RunOptions) {
  return runCommand(process.execPath, [file, ...args], options);
}

function runCommand(
  command: string,
  args: string[],
  { cwd, env = {}, timeoutMs = 30_000 }: Omit<RunOptions, 'args'>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
}
