#!/usr/bin/env node
// `npm run typecheck`: the root project and every workspace's own typecheck, as many at once as
// there are cores. Each is one single-threaded tsc, so one after another left a core idle for
// the whole check; side by side on CI's 2 cores the check takes about the time of its longest
// half (docs/development.md, "Test speed (CI)"). Each command's output is printed whole, when it
// ends, so two never interleave; the exit code is 1 when any of them failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const withTypecheck = workspaces.filter(
  (folder) =>
    JSON.parse(readFileSync(new URL(`../${folder}/package.json`, import.meta.url), 'utf8')).scripts?.typecheck,
);
// The server's is the longest: starting it first keeps it from being the last one left alone.
const order = (folder) => (folder === 'apps/server' ? 0 : folder === 'apps/web' ? 1 : 2);
const commands = [
  ...withTypecheck.sort((a, b) => order(a) - order(b)).map((folder) => [npm, ['run', '-s', 'typecheck', '-w', folder]]),
  ['tsc', ['-p', 'tsconfig.json']],
];

function run([command, args]) {
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) => done({ label: [command, ...args].join(' '), ok: false, output: String(error) }));
    child.once('close', (code) => done({ label: [command, ...args].join(' '), ok: code === 0, output }));
  });
}

let failed = false;
const queue = [...commands];
async function worker() {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { label, ok, output } = await run(next);
    process.stdout.write(`> ${label}: ${ok ? 'ok' : 'FAILED'}\n${output}`);
    failed ||= !ok;
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), commands.length) }, worker));
process.exit(failed ? 1 : 0);
