import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type { RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import storeRoutes from '../app/routes';
import { definesRouteMatching, prefilterRouteMatching } from './route-matching';

/**
 * React Router's production build as published and as the server build patches it
 * (route-matching.ts), each loaded from a copy of its own; both copies sit under the web app's
 * node_modules so that their imports (react, cookie) resolve as the original's do.
 */
type RouterBuild = { matchRoutes: typeof import('react-router').matchRoutes };

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const productionDir = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const routerModuleFile = readdirSync(productionDir).find(
  (file) => file.endsWith('.mjs') && definesRouteMatching(readFileSync(join(productionDir, file), 'utf8')),
);
let copies: string;
let published: RouterBuild;
let patched: RouterBuild;

async function loadCopy(name: string, patch: boolean): Promise<RouterBuild> {
  const dir = join(copies, name);
  mkdirSync(dir);
  for (const file of readdirSync(productionDir).filter((entry) => entry.endsWith('.mjs'))) {
    copyFileSync(join(productionDir, file), join(dir, file));
  }
  if (patch && routerModuleFile) {
    const file = join(dir, routerModuleFile);
    writeFileSync(file, prefilterRouteMatching(readFileSync(file, 'utf8')));
  }
  return (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as RouterBuild;
}

beforeAll(async () => {
  const cache = join(webRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  copies = mkdtempSync(join(cache, 'route-matching-'));
  published = await loadCopy('published', false);
  patched = await loadCopy('patched', true);
});

afterAll(() => {
  if (copies) rmSync(copies, { recursive: true, force: true });
});

type RouteEntry = {
  id?: string;
  file?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteEntry[];
};

/** The store's route config (app/routes.ts) as the route objects React Router matches. */
function toRouteObjects(entries: readonly RouteEntry[], parentId = ''): RouteObject[] {
  return entries.map((entry, position): RouteObject => {
    const id = entry.id ?? `${parentId}/${position}:${entry.file ?? ''}`;
    const common = { id, path: entry.path, caseSensitive: entry.caseSensitive };
    return entry.index ? { ...common, index: true } : { ...common, children: toRouteObjects(entry.children ?? [], id) };
  });
}

/** Routes that use every pattern React Router matches: optional segments, splats, case, literals. */
const trickyRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', index: true },
      { id: 'docs-lang', path: 'docs/:lang?/intro' },
      { id: 'optional-static', path: 'shop?/items' },
      { id: 'files', path: 'files/*' },
      { id: 'case', path: 'Case/Sensitive', caseSensitive: true },
      { id: 'literal', path: 'a.b/c+d/(x)' },
      { id: 'org', path: ':org/settings' },
      { id: 'colon-in-segment', path: 'v1/items:batch' },
      { id: 'greek', path: 'σοφία/σ' },
      {
        id: 'parent',
        path: 'parent',
        children: [
          { id: 'parent-index', index: true },
          { id: 'absolute-child', path: '/parent/child' },
          { id: 'parent-param', path: ':id' },
          { id: 'pathless', children: [{ id: 'deep', path: 'deep/:rest' }] },
        ],
      },
      { id: 'user-splat', path: 'user/:name/*' },
      { id: 'catch-all', path: '*' },
    ],
  },
];

/** What a match says, without the route objects themselves (the two copies build their own). */
function described(matches: ReturnType<RouterBuild['matchRoutes']>) {
  return matches?.map(({ route, params, pathname, pathnameBase }) => ({
    id: route.id,
    params: { ...params },
    pathname,
    pathnameBase,
  }));
}

/** URL paths built from the routes' own words in any case, other words, odd characters and slashes. */
function pathArbitrary(words: string[]) {
  const segment = fc.oneof(
    fc.constantFrom(...words),
    fc.constantFrom(...words).map((word) => word.toUpperCase()),
    fc.constantFrom(
      '',
      'x',
      '%2F',
      '%E2%82%AC',
      '%zz',
      '\u212Aelvin',
      'İtem',
      'ſhop',
      'ς',
      'Σ',
      'a.b',
      '..',
      'items:batch',
    ),
    fc.string({ maxLength: 6 }).map((text) => text.replaceAll('/', '')),
  );
  return fc
    .tuple(fc.array(segment, { maxLength: 5 }), fc.boolean())
    .map(([segments, trailingSlash]) => `/${segments.join('/')}${trailingSlash ? '/' : ''}`);
}

function wordsOf(routes: RouteObject[]): string[] {
  const words = new Set<string>();
  const visit = (list: RouteObject[]) => {
    for (const route of list) {
      for (const word of (route.path ?? '').split('/')) if (word) words.add(word.replace(/^:|\?$/g, ''));
      visit(route.children ?? []);
    }
  };
  visit(routes);
  return [...words];
}

describe('prefilterRouteMatching', () => {
  it("patches the installed React Router's matchRoutesImpl and nothing else", () => {
    expect(routerModuleFile).toBeDefined();
    const original = readFileSync(join(productionDir, routerModuleFile ?? ''), 'utf8');
    const result = prefilterRouteMatching(original);
    expect(result).toContain('if (segments !== null && !everdealMayMatch(branches[i], segments)) continue;');
    // The helpers' pattern is written with escapes, not the control characters themselves.
    expect(result).toContain('[^\\x00-\\x7f]');
    // Only the function's loop changes, line for line (padded), so every line after it keeps its
    // number; the helpers come after the module's own code.
    const start = original.indexOf('function matchRoutesImpl(');
    const end = original.indexOf('\n}\n', start);
    expect(result.slice(0, start)).toBe(original.slice(0, start));
    const patchedEnd = result.indexOf('\n}\n', start);
    expect(result.slice(start, patchedEnd).split('\n')).toHaveLength(original.slice(start, end).split('\n').length);
    expect(result.slice(patchedEnd, result.indexOf('\nvar everdealStaticPrefixes'))).toBe(`${original.slice(end)}\n`);
  });

  it('refuses a matchRoutesImpl it was not written for, and a second application', () => {
    const original = readFileSync(join(productionDir, routerModuleFile ?? ''), 'utf8');
    const changed = original.replace('matches = matchRouteBranch(', 'matches = matchRouteBranchFast(');
    expect(() => prefilterRouteMatching(changed)).toThrow(/not the one this patch was written for/);
    expect(() => prefilterRouteMatching(prefilterRouteMatching(original))).toThrow(/not the one/);
    expect(() => prefilterRouteMatching('export const nothing = 1;')).toThrow(/not the one/);
  });
});

describe('the prefiltered router matches as the published one', () => {
  const storeRouteObjects = toRouteObjects(storeRoutes as RouteEntry[]);
  // React Router warns of a path it cannot decode ("%zz") and matches it undecoded; both copies do.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("finds the store's pages", () => {
    const leaf = (path: string) => described(patched.matchRoutes(storeRouteObjects, path))?.at(-1);
    expect(leaf('/')?.id).toContain('routes/home.tsx');
    expect(leaf('/products/quartz-canvas-0421')).toMatchObject({ params: { slug: 'quartz-canvas-0421' } });
    expect(leaf('/products/quartz-canvas-0421')?.id).toContain('routes/product.tsx');
    expect(leaf('/PRODUCTS/Quartz/')?.id).toContain('routes/product.tsx');
    expect(leaf('/seller/products/new')?.id).toContain('routes/seller-product-new.tsx');
    expect(leaf('/products')?.id).toContain('routes/not-found.tsx');
    expect(leaf('/auth/login')?.id).toContain('routes/auth-login.tsx');
  });

  it("gives the same matches for the store's routes", () => {
    fc.assert(
      fc.property(pathArbitrary(wordsOf(storeRouteObjects)), (path) => {
        expect(described(patched.matchRoutes(storeRouteObjects, path))).toEqual(
          described(published.matchRoutes(storeRouteObjects, path)),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same matches for optional segments, splats, case-sensitive and literal paths, under a basename', () => {
    const known = [
      '/docs/intro',
      '/docs/en/intro',
      '/DOCS/EN/INTRO/',
      '/items',
      '/shop/items',
      '/files',
      '/files/a/b',
      '/Case/Sensitive',
      '/case/sensitive',
      '/a.b/c+d/(x)',
      '/acme/settings',
      '/v1/items:batch',
      '/parent',
      '/parent/child',
      '/parent/7',
      '/parent/deep/x',
      '/user/ann/a/b',
      '/nowhere',
      '//parent//child',
      '/%70arent/child',
      '/σοφία/σ',
      '/ΣΟΦΊΑ/ς',
      '/σοφία/ς',
    ];
    for (const path of known) {
      expect(described(patched.matchRoutes(trickyRoutes, path)), path).toEqual(
        described(published.matchRoutes(trickyRoutes, path)),
      );
    }
    expect(described(patched.matchRoutes(trickyRoutes, '/parent/child'))?.at(-1)?.id).toBe('absolute-child');
    expect(described(patched.matchRoutes(trickyRoutes, '/case/sensitive'))?.at(-1)?.id).toBe('catch-all');
    expect(described(patched.matchRoutes(trickyRoutes, '/σοφία/ς'))?.at(-1)?.id).toBe('greek');
    fc.assert(
      fc.property(pathArbitrary(wordsOf(trickyRoutes)), fc.constantFrom('/', '/parent', '/Shop'), (path, basename) => {
        expect(described(patched.matchRoutes(trickyRoutes, path, basename))).toEqual(
          described(published.matchRoutes(trickyRoutes, path, basename)),
        );
      }),
      { numRuns: 3000 },
    );
  });
});
