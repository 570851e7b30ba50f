import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { webRoot } from '../src/plugins/ssr';

const repositoryRoot = resolve(import.meta.dirname, '../../..');
const builtPages = join(webRoot, 'build/server/index.js');
/** What the web build is made of: a change to any of them makes an older build stale. */
const buildSources = [
  join(webRoot, 'app'),
  join(webRoot, 'vite-plugins'),
  join(webRoot, 'vite.config.ts'),
  join(webRoot, 'react-router.config.ts'),
  join(repositoryRoot, 'packages/contracts/src'),
  join(repositoryRoot, 'package-lock.json'),
];

function newestChange(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (newest, file) => Math.max(newest, statSync(join(path, file)).mtimeMs),
    stat.mtimeMs,
  );
}

/**
 * Whether the web build (`npm run build`) renders the sources as they are now: then page tests
 * use it (no compile on each page's first render); otherwise they compile the sources through
 * Vite, so a stale build never hides a change.
 */
export function isWebBuildCurrent(): boolean {
  const built = statSync(builtPages, { throwIfNoEntry: false });
  if (!built) return false;
  return buildSources.every((source) => newestChange(source) < built.mtimeMs);
}
