#!/usr/bin/env node
// `npm run typecheck`: the root project and every workspace's, each with TypeScript 7's native
// compiler (decision 045). Everything else that needs TypeScript keeps TypeScript 6 from
// node_modules/typescript: React Router's type generation, tsx, Vite, drizzle-kit, editors, and
// each workspace's own `npm run typecheck`. TypeScript 7 comes as the optional dependency
// `@typescript/typescript-<platform>-<arch>`, the package its `tsc` wrapper runs the binary from;
// on a platform without one this falls back to TypeScript 6 and says so. The checks run side by
// side, as many at once as there are cores (docs/development.md, "Test speed (CI)"). Each
// command's output is printed whole, when it ends, so two never interleave; the exit code is 1
// when any of them failed.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const native = nativeTsc();
const tsc = native ?? 'tsc';
if (!native) {
  process.stdout.write(`TypeScript 7 has no ${nativePackage()} here: checking with TypeScript 6.\n`);
}
// TypeScript 7 splits a project's files between four checkers by default, each building its own
// copy of the types they share: the server's check took 2.6 times the CPU of one checker. The
// projects side by side already keep the cores busy.
const tscOptions = native ? ['--singleThreaded'] : [];

const readJson = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));
const { workspaces } = readJson('package.json');
const withTypecheck = workspaces
  .map((folder) => ({ folder, scripts: readJson(`${folder}/package.json`).scripts ?? {} }))
  .filter(({ scripts }) => scripts.typecheck);
// The server's is the longest: starting it first keeps it from being the last one left alone.
const order = ({ folder }) => (folder === 'apps/server' ? 0 : folder === 'apps/web' ? 1 : 2);
const commands = [
  ...withTypecheck
    .sort((a, b) => order(a) - order(b))
    .map(({ folder, scripts }) => [
      // A workspace's `typegen` (React Router's route types) runs first, on TypeScript 6.
      ...(scripts.typegen ? [[npm, ['run', '-s', 'typegen', '-w', folder]]] : []),
      [tsc, [...tscOptions, '-p', `${folder}/tsconfig.json`]],
    ]),
  [[tsc, [...tscOptions, '-p', 'tsconfig.json']]],
];

function nativePackage() {
  return `@typescript/typescript-${process.platform}-${process.arch}`;
}

function nativeTsc() {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${nativePackage()}/package.json`);
    const binary = join(dirname(manifest), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

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
    const label = [command === tsc ? 'tsc' : command, ...args].join(' ');
    child.once('error', (error) => done({ label, ok: false, output: String(error) }));
    child.once('close', (code) => done({ label, ok: code === 0, output }));
  });
}

let failed = false;
const queue = [...commands];
async function worker() {
  for (let steps = queue.shift(); steps; steps = queue.shift()) {
    for (const step of steps) {
      const { label, ok, output } = await run(step);
      process.stdout.write(`> ${label}: ${ok ? 'ok' : 'FAILED'}\n${output}`);
      failed ||= !ok;
      if (!ok) break;
    }
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), commands.length) }, worker));
process.exit(failed ? 1 : 0);
