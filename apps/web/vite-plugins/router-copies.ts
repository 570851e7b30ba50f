import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RouteObject } from 'react-router';
import { definesRouteMatching, prefilterRouteMatching } from './route-matching';
import { keepRouteTrees } from './server-route-tree';

/** What the tests and the benchmark use of a copy of React Router. */
export type RouterBuild = Pick<
  typeof import('react-router'),
  | 'matchRoutes'
  | 'createStaticHandler'
  | 'createStaticRouter'
  | 'ServerRouter'
  | 'Outlet'
  | 'useLoaderData'
  | 'UNSAFE_DataRouterContext'
>;

export type RouterCopies = { published: RouterBuild; patched: RouterBuild; remove: () => void };

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const productionDir = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

/** The file of React Router's production build that defines `matchRoutesImpl`. */
export function routerModuleFile(): string {
  const file = readdirSync(productionDir).find(
    (entry) => entry.endsWith('.mjs') && definesRouteMatching(readFileSync(join(productionDir, entry), 'utf8')),
  );
  if (!file) throw new Error(`no module of ${productionDir} defines matchRoutesImpl`);
  return file;
}

/** A module of React Router's production build as the server build patches it. */
function asServerBuildPatches(code: string): string {
  return keepRouteTrees(definesRouteMatching(code) ? prefilterRouteMatching(code) : code).code;
}

/**
 * React Router's production build as published and as the server build patches it
 * (route-matching.ts, server-route-tree.ts), each loaded from a copy of its own. Both copies sit under the web app's
 * node_modules, so their imports (react, cookie) resolve as the original's do; `remove` deletes them.
 */
export async function loadRouterCopies(): Promise<RouterCopies> {
  const cache = join(webRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const copies = mkdtempSync(join(cache, 'route-matching-'));
  const load = async (name: string, patch: boolean) => {
    const dir = join(copies, name);
    mkdirSync(dir);
    for (const file of readdirSync(productionDir).filter((entry) => entry.endsWith('.mjs'))) {
      if (patch) writeFileSync(join(dir, file), asServerBuildPatches(readFileSync(join(productionDir, file), 'utf8')));
      else copyFileSync(join(productionDir, file), join(dir, file));
    }
    return (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as RouterBuild;
  };
  try {
    return {
      published: await load('published', false),
      patched: await load('patched', true),
      remove: () => rmSync(copies, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(copies, { recursive: true, force: true });
    throw error;
  }
}

type RouteEntry = {
  id?: string;
  file?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteEntry[];
};

/** A route config (the store's `app/routes.ts`) as the route objects React Router matches. */
export function toRouteObjects(entries: readonly RouteEntry[], parentId = ''): RouteObject[] {
  return entries.map((entry, position): RouteObject => {
    const id = entry.id ?? `${parentId}/${position}:${entry.file ?? ''}`;
    const common = { id, path: entry.path, caseSensitive: entry.caseSensitive };
    return entry.index ? { ...common, index: true } : { ...common, children: toRouteObjects(entry.children ?? [], id) };
  });
}
