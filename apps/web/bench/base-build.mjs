// The previous build for lighthouse.mjs: a git ref checked out in a temporary worktree and built
// there, so both builds are measured in one run on the same host (docs/benchmarks.md, "Web
// (Lighthouse)").
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

/** @type {(root: string, ...args: string[]) => string} */
const git = (root, ...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/**
 * The ref to compare with when BENCH_BASE is not given: on a branch, the merge-base with main (the
 * build main has now, which the branch's changes are measured against); on main itself (the
 * merge-base is HEAD), HEAD's parent, the build before the last commit.
 * @param {string} root
 * @returns {{ ref: string, why: string }}
 */
export function defaultBaseRef(root) {
  const head = git(root, 'rev-parse', 'HEAD');
  let mergeBase = '';
  try {
    mergeBase = git(root, 'merge-base', 'HEAD', 'main');
  } catch {
    // No `main` branch in this clone: fall back to the parent.
  }
  if (mergeBase && mergeBase !== head) return { ref: mergeBase, why: 'the merge-base of HEAD with main' };
  return { ref: 'HEAD~1', why: mergeBase ? "HEAD is on main's line, so its parent" : 'no main branch, so HEAD~1' };
}

/**
 * What the new build is: HEAD, and whether uncommitted changes were built with it.
 * @param {string} root
 */
export function describeCheckout(root) {
  const dirty = git(root, 'status', '--porcelain', '--untracked-files=no') !== '';
  return `${git(root, 'rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}`;
}

/**
 * Gives the worktree the checkout's installed packages when the lockfiles are identical: a real
 * `node_modules` folder per workspace whose entries link to the checkout's. Linking the whole
 * folder would be wrong: Node resolves symlinks to real paths, so `@everdeal/web` (a relative
 * link inside node_modules) would lead back to the checkout's apps/web, and the "previous" server
 * would serve the new pages. The workspace links are made afresh, pointing into the worktree.
 * @param {string} root
 * @param {string} worktree
 */
function linkNodeModules(root, worktree) {
  for (const folder of ['', 'apps/web', 'apps/server', 'packages/contracts', 'packages/db']) {
    const source = join(root, folder, 'node_modules');
    // Only the workspaces npm gave packages of their own (a version differing from the root's).
    if (!existsSync(source)) continue;
    const entries = readdirSync(source, { withFileTypes: true });
    const target = join(worktree, folder, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of entries) {
      if (folder === '' && entry.name === '@everdeal') continue;
      symlinkSync(join(source, entry.name), join(target, entry.name));
    }
  }
  const workspaces = join(worktree, 'node_modules/@everdeal');
  mkdirSync(workspaces);
  /** @type {[string, string][]} */
  const links = [
    ['contracts', 'packages/contracts'],
    ['db', 'packages/db'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ];
  for (const [name, path] of links) {
    symlinkSync(relative(workspaces, join(worktree, path)), join(workspaces, name));
  }
}

/**
 * Runs a command in `cwd` and resolves when it succeeds; `signal` ends it (the benchmark was
 * interrupted), so no build keeps running in a worktree that is being removed.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {AbortSignal} signal
 * @returns {Promise<void>}
 */
function run(command, args, cwd, signal) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, signal, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${code})`)),
    );
  });
}

/**
 * @typedef {object} BaseWorktree
 * @property {string} worktree  the temporary checkout's folder
 * @property {string} sha       the commit checked out
 * @property {AbortSignal} signal  aborted by `remove()`: ends the install or build under way
 * @property {() => void} remove  ends its build if one runs and takes the worktree away; idempotent
 */

/**
 * Checks `ref` out, detached, in a temporary worktree. The caller registers `remove()` at once, so
 * the worktree goes whatever happens next (failure, Ctrl-C).
 * @param {string} root  the checkout whose repository holds `ref`
 * @param {string} ref
 * @returns {BaseWorktree}
 */
export function addBaseWorktree(root, ref) {
  const sha = git(root, 'rev-parse', '--verify', `${ref}^{commit}`);
  const worktree = mkdtempSync(join(tmpdir(), 'everdeal-bench-base-'));
  const building = new AbortController();
  const remove = () => {
    building.abort();
    spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
    rmSync(worktree, { recursive: true, force: true });
    spawnSync('git', ['-C', root, 'worktree', 'prune'], { stdio: 'ignore' });
  };
  try {
    git(root, 'worktree', 'add', '--quiet', '--detach', worktree, sha);
  } catch (error) {
    remove();
    throw error;
  }
  return { worktree, sha, signal: building.signal, remove };
}

/**
 * Installs the worktree's packages (linked from the checkout when the lockfile is the same, about
 * a second; `npm ci` otherwise, 4 minutes at load average 6–17) and builds it. Returns how it was
 * installed, for the report.
 * @param {string} root
 * @param {BaseWorktree} base
 * @param {(line: string) => void} log
 * @returns {Promise<string>}
 */
export async function buildBaseWorktree(root, { worktree, sha, signal }, log) {
  // Exit code 0: the ref's lockfile is the checkout's (uncommitted changes to it count as different).
  const sameLockfile = spawnSync('git', ['-C', root, 'diff', '--quiet', sha, '--', 'package-lock.json']).status === 0;
  let started = Date.now();
  if (sameLockfile) linkNodeModules(root, worktree);
  else await run('npm', ['ci', '--no-audit', '--no-fund'], worktree, signal);
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const install = `${sameLockfile ? "the same lockfile: the checkout's packages linked" : 'another lockfile: npm ci'} in ${seconds()} s`;
  started = Date.now();
  await run('npm', ['run', 'build'], worktree, signal);
  const webRoot = createRequire(join(worktree, 'apps/server/dist/main.js')).resolve('@everdeal/web/package.json');
  if (!webRoot.startsWith(worktree + sep))
    throw new Error(`the previous build would serve ${webRoot}, not its own pages`);
  log(`previous build ${sha.slice(0, 7)} in ${worktree}: ${install}, built in ${seconds()} s`);
  return install;
}
