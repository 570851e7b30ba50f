// The previous build for lighthouse.mjs: a git ref checked out in a temporary worktree and built
// there, so both builds are measured in one run on the same host (docs/benchmarks.md, "Web
// (Lighthouse)").
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';

const git = (root, ...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/**
 * The ref to compare with when BENCH_BASE is not given: on a branch, the merge-base with main (the
 * build main has now, which the branch's changes are measured against); on main itself (the
 * merge-base is HEAD), HEAD's parent, the build before the last commit.
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

/** What the new build is: HEAD, and whether uncommitted changes were built with it. */
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
 */
function linkNodeModules(root, worktree) {
  for (const folder of ['', 'apps/web', 'apps/server', 'packages/contracts', 'packages/db']) {
    const source = join(root, folder, 'node_modules');
    let entries;
    try {
      entries = readdirSync(source, { withFileTypes: true });
    } catch {
      continue;
    }
    const target = join(worktree, folder, 'node_modules');
    mkdirSync(target, { recursive: true });
    for (const entry of entries) {
      if (folder === '' && entry.name === '@everdeal') continue;
      symlinkSync(join(source, entry.name), join(target, entry.name));
    }
  }
  const workspaces = join(worktree, 'node_modules/@everdeal');
  mkdirSync(workspaces);
  for (const [name, path] of [
    ['contracts', 'packages/contracts'],
    ['db', 'packages/db'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ]) {
    symlinkSync(relative(workspaces, join(worktree, path)), join(workspaces, name));
  }
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status})`);
}

/**
 * Checks `ref` out in a temporary worktree, installs (linked packages when the lockfile is the
 * checkout's, `npm ci` otherwise) and builds it. Returns its folder and `remove()`, which takes
 * the worktree away again; the caller calls it whatever happens.
 */
export function buildBase(root, ref, log) {
  const sha = git(root, 'rev-parse', '--verify', `${ref}^{commit}`);
  const worktree = mkdtempSync(join(tmpdir(), 'everdeal-bench-base-'));
  const remove = () => {
    spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
    rmSync(worktree, { recursive: true, force: true });
    spawnSync('git', ['-C', root, 'worktree', 'prune'], { stdio: 'ignore' });
  };
  try {
    git(root, 'worktree', 'add', '--quiet', '--detach', worktree, sha);
    const sameLockfile =
      git(root, 'show', `${sha}:package-lock.json`) === readFileSync(join(root, 'package-lock.json'), 'utf8').trim();
    let started = Date.now();
    if (sameLockfile) linkNodeModules(root, worktree);
    else run('npm', ['ci', '--no-audit', '--no-fund'], worktree);
    const install = `${sameLockfile ? "the same lockfile: the checkout's packages linked" : 'another lockfile: npm ci'} (${((Date.now() - started) / 1000).toFixed(1)} s)`;
    started = Date.now();
    run('npm', ['run', 'build'], worktree);
    const serverRequire = createRequire(join(worktree, 'apps/server/dist/main.js'));
    const webRoot = serverRequire.resolve('@everdeal/web/package.json');
    if (!webRoot.startsWith(worktree + sep))
      throw new Error(`the previous build would serve ${webRoot}, not its own pages`);
    log(
      `previous build ${ref} (${sha.slice(0, 7)}) in ${worktree}: ${install}, built in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return { worktree, sha, install, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
