import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import routeConfig from '../../web/app/routes';
import { webRoot } from '../src/plugins/ssr';

/**
 * The web app's route table (apps/web/app/routes.ts) as the full path patterns of its pages, so
 * the page fuzz (src/plugins/page-fuzz.test.ts) covers a page as soon as it is in the table.
 */

export type PageRoute = {
  /** The route module, relative to apps/web/app (`routes/product.tsx`). */
  file: string;
  /** The full path pattern, `/products/:slug/reviews`; `/*` for the catch-all. */
  pattern: string;
  /** The names of its `:params` (a `*` splat is named `*`). */
  params: string[];
};

/** What this file reads of React Router's `RouteConfigEntry` (its package is the web app's). */
type RouteEntry = { path?: string | undefined; index?: boolean | undefined; file: string; children?: RouteEntry[] };

function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function flatten(entries: readonly RouteEntry[], parent: string): PageRoute[] {
  return entries.flatMap((entry) => {
    const pattern = joinPath(parent, entry.path);
    const own: PageRoute[] =
      entry.index || (entry.path !== undefined && !entry.children?.length)
        ? [{ file: entry.file, pattern, params: paramsOf(pattern) }]
        : [];
    return [...own, ...flatten(entry.children ?? [], pattern)];
  });
}

function paramsOf(pattern: string): string[] {
  return pattern.split('/').flatMap((segment) => {
    if (segment.startsWith(':')) return [segment.slice(1).replace(/\?$/, '')];
    return segment === '*' ? ['*'] : [];
  });
}

/** Every page of the table with its full path pattern (layouts are not pages of their own). */
export const pageRoutes: PageRoute[] = flatten(routeConfig, '/');

/**
 * The names of the URL search parameters the web app's code reads (`params.get('page')`,
 * `searchParams.getAll('tag')`), found in its sources. A parameter read under a new name shows
 * up here, and the fuzz fails until it sends hostile values under that name too.
 */
export function searchParamNamesRead(): string[] {
  const appDir = join(webRoot, 'app');
  const names = new Set<string>();
  const read = /\b(?:params|searchParams|search|query)\.(?:get|getAll|has)\('([^']+)'\)/g;
  for (const file of readdirSync(appDir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    for (const match of readFileSync(join(appDir, file), 'utf8').matchAll(read)) {
      if (match[1]) names.add(match[1]);
    }
  }
  return [...names].sort();
}
