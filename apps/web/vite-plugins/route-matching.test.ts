import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { RouteObject } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import storeRoutes from '../app/routes';
import { prefilterRouteMatching } from './route-matching';
import {
  loadRouterCopies,
  productionDir,
  type RouterBuild,
  type RouterCopies,
  routerModuleFile,
  toRouteObjects,
} from './router-copies';

let copies: RouterCopies;
let published: RouterBuild;
let patched: RouterBuild;

beforeAll(async () => {
  copies = await loadRouterCopies();
  ({ published, patched } = copies);
});

afterAll(() => copies?.remove());

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
      // React Router folds runs of slashes and backslashes when it joins matched parts
      // (`joinPaths`), and cuts the rest of the URL at the folded length.
      { id: 'slashes', path: 'x///y', children: [{ id: 'slashes-child', path: 'y' }] },
      { id: 'backslashes', path: 'g\\\\h' },
      { id: 'backslash-parent', path: 'c\\', children: [{ id: 'backslash-child', path: 'd' }] },
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

/** Both routers match `path` the same way. */
function expectSameMatches(routes: RouteObject[], path: string, basename?: string) {
  expect(described(patched.matchRoutes(routes, path, basename)), `${basename ?? ''} ${path}`).toEqual(
    described(published.matchRoutes(routes, path, basename)),
  );
}

/** The route the prefiltered router ends its match of `path` with. */
const leafOf = (routes: RouteObject[], path: string) => described(patched.matchRoutes(routes, path))?.at(-1);

/** URL paths built from the routes' own words in any case, other words, odd characters and slashes. */
function pathArbitrary(words: string[]) {
  const vocabulary = words.length > 0 ? words : ['a'];
  const segment = fc.oneof(
    fc.constantFrom(...vocabulary),
    fc.constantFrom(...vocabulary).map((word) => word.toUpperCase()),
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

/** The full path of every route React Router makes a branch of (a path or an index). */
function branchPaths(routes: RouteObject[], parentPath = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path?.startsWith('/') ? route.path : `${parentPath}/${route.path ?? ''}`;
    const own = route.path !== undefined || route.index ? [path] : [];
    return [...own, ...branchPaths(route.children ?? [], path)];
  });
}

const anyText = fc.string({ maxLength: 5 }).map((text) => text.replaceAll('/', ''));
const anyCase = (text: string) =>
  fc.constantFrom(text, text.toUpperCase(), text.toLowerCase(), text.replaceAll('\\', '%5C'));

/**
 * URLs a branch's own path would match, and near misses: parameters filled, optional parts there or
 * not, splats of zero to two segments, its text in any case (backslashes written as they are or
 * encoded), then perhaps a segment more or less and a trailing slash.
 */
function urlFor(path: string) {
  const parts = path.split('/').map((segment) => {
    if (segment === '*') return fc.array(anyText, { maxLength: 2 }).map((texts) => texts.join('/'));
    if (segment.startsWith(':')) {
      const value = fc.oneof(fc.constantFrom('7', 'ann', 'items:batch', 'ς'), anyText);
      return segment.endsWith('?') ? fc.option(value, { nil: '' }) : value;
    }
    if (segment.endsWith('?')) return fc.option(anyCase(segment.slice(0, -1)), { nil: '' });
    return anyCase(segment);
  });
  return fc
    .tuple(fc.tuple(...parts), fc.constantFrom('keep', 'more', 'less'), anyText, fc.boolean())
    .map(([texts, change, extra, trailingSlash]) => {
      const segments = change === 'more' ? [...texts, extra] : change === 'less' ? texts.slice(0, -1) : texts;
      return `/${segments.join('/').replace(/^\/+/, '')}${trailingSlash ? '/' : ''}`;
    });
}

/** Small route trees of relative paths built from plain words, parameters, optional parts, splats and odd text. */
const routeTree = (() => {
  const token = fc.constantFrom('a', 'b', 'A', 'σ', ':p', ':q?', 'x?', '*', '', 'a//b', 'c\\', 'd\\\\e', 'e.f', 'a:b');
  // Relative paths only: an absolute child must repeat its parents' path (React Router's invariant).
  const relativePath = fc
    .array(token, { minLength: 1, maxLength: 3 })
    .map((tokens) => tokens.join('/').replace(/^\/+/, ''));
  const node = fc.record({
    path: relativePath,
    caseSensitive: fc.boolean(),
    children: fc.array(relativePath, { maxLength: 3 }),
  });
  return fc.array(node, { minLength: 1, maxLength: 5 }).map((nodes): RouteObject[] => [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'index', index: true },
        ...nodes.map((parent, i) => ({
          id: `r${i}`,
          path: parent.path,
          caseSensitive: parent.caseSensitive,
          children: parent.children.map((path, j) => ({ id: `r${i}.${j}`, path })),
        })),
      ],
    },
  ]);
})();

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
    const original = readFileSync(join(productionDir, routerModuleFile()), 'utf8');
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
    const original = readFileSync(join(productionDir, routerModuleFile()), 'utf8');
    const changed = original.replace('matches = matchRouteBranch(', 'matches = matchRouteBranchFast(');
    expect(() => prefilterRouteMatching(changed)).toThrow(/not the one this patch was written for/);
    expect(() => prefilterRouteMatching(prefilterRouteMatching(original))).toThrow(/not the one/);
    expect(() => prefilterRouteMatching('export const nothing = 1;')).toThrow(/not the one/);
  });
});

describe('the prefiltered router matches as the published one', () => {
  const storeRouteObjects = toRouteObjects(storeRoutes);
  // React Router warns of a path it cannot decode ("%zz") and matches it undecoded; both copies do.
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("finds the store's pages", () => {
    const leaf = (path: string) => leafOf(storeRouteObjects, path);
    expect(leaf('/')?.id).toContain('routes/home.tsx');
    expect(leaf('/products/quartz-canvas-0421')).toMatchObject({ params: { slug: 'quartz-canvas-0421' } });
    expect(leaf('/products/quartz-canvas-0421')?.id).toContain('routes/product.tsx');
    expect(leaf('/PRODUCTS/Quartz/')?.id).toContain('routes/product.tsx');
    expect(leaf('/seller/products/new')?.id).toContain('routes/seller-product-new.tsx');
    expect(leaf('/products')?.id).toContain('routes/not-found.tsx');
    expect(leaf('/auth/login')?.id).toContain('routes/auth-login.tsx');
  });

  it("gives the same matches for the store's routes", () => {
    const urls = fc.oneof(
      fc.constantFrom(...branchPaths(storeRouteObjects)).chain(urlFor),
      pathArbitrary(wordsOf(storeRouteObjects)),
    );
    fc.assert(
      fc.property(urls, (path) => {
        expectSameMatches(storeRouteObjects, path);
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
      '/x///y',
      '/x///y/y',
      '/x/y/y',
      '/g%5C%5Ch',
      '/g%5Ch',
      '/c%5C/d',
      '/c/d',
    ];
    for (const path of known) {
      expectSameMatches(trickyRoutes, path);
    }
    expect(leafOf(trickyRoutes, '/parent/child')?.id).toBe('absolute-child');
    expect(leafOf(trickyRoutes, '/case/sensitive')?.id).toBe('catch-all');
    expect(leafOf(trickyRoutes, '/σοφία/ς')?.id).toBe('greek');
    expect(leafOf(trickyRoutes, '/x///y')?.id).toBe('slashes-child');
    expect(leafOf(trickyRoutes, '/g%5C%5Ch')?.id).toBe('backslashes');
    expect(leafOf(trickyRoutes, '/c%5C/d')?.id).toBe('backslash-child');
    fc.assert(
      fc.property(pathArbitrary(wordsOf(trickyRoutes)), fc.constantFrom('/', '/parent', '/Shop'), (path, basename) => {
        expectSameMatches(trickyRoutes, path, basename);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same matches for generated route trees, with URLs made from their own branches', () => {
    fc.assert(
      fc.property(
        routeTree.chain((routes) =>
          fc.tuple(
            fc.constant(routes),
            fc.array(fc.oneof(fc.constantFrom(...branchPaths(routes)).chain(urlFor), pathArbitrary(wordsOf(routes))), {
              minLength: 1,
              maxLength: 8,
            }),
          ),
        ),
        ([routes, paths]) => {
          for (const path of paths) {
            expectSameMatches(routes, path);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});
