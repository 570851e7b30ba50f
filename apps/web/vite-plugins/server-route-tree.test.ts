import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type FunctionComponent, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import type { EntryContext, RouteObject } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouterCopies, productionDir, type RouterBuild, type RouterCopies } from './router-copies';
import {
  definesServerRouter,
  definesStaticRouter,
  keepDataRoutes,
  keepRouteTrees,
  keepServerRoutes,
} from './server-route-tree';

let copies: RouterCopies;

beforeAll(async () => {
  copies = await loadRouterCopies();
});

afterAll(() => copies?.remove());

function publishedModule(defines: (code: string) => boolean): string {
  const file = readdirSync(productionDir).find(
    (entry) => entry.endsWith('.mjs') && defines(readFileSync(join(productionDir, entry), 'utf8')),
  );
  if (!file) throw new Error(`no module of ${productionDir} holds the function`);
  return readFileSync(join(productionDir, file), 'utf8');
}

describe('the patches', () => {
  it('patch the published modules once, keeping their line count, and refuse anything else', () => {
    // Each with the call it replaces changed the way an upgrade might change it.
    for (const [defines, patch, changed] of [
      [
        definesServerRouter,
        keepServerRoutes,
        (code: string) => code.replace(/manifest\.routes,(\s*)routeModules,/, 'manifest.routes,$1modules,'),
      ],
      [
        definesStaticRouter,
        keepDataRoutes,
        (code: string) => code.replace(/mapRouteProperties,(\s*)void 0,/, 'mapRouteProperties,$1[],'),
      ],
    ] as const) {
      const original = publishedModule(defines);
      const patched = patch(original);
      // The helpers are appended after the module's own lines, which keep their numbers.
      const helpersAt = patched.lastIndexOf('\nvar everdeal');
      expect(patched.slice(0, helpersAt).split('\n').length).toBe(original.split('\n').length + 1);
      expect(() => patch(patched)).toThrow(/not the one this patch was written for/);
      expect(changed(original)).not.toBe(original);
      expect(() => patch(changed(original))).toThrow(/not the one this patch was written for/);
    }
  });

  it('leave modules without either function as they are', () => {
    expect(keepRouteTrees('export const x = 1;\n')).toEqual({ code: 'export const x = 1;\n', patched: [] });
  });
});

/** Handler routes and their manifest entries for a root layout with two pages. */
const handlerRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '',
    loader: () => ({ shop: 'Everdeal' }),
    children: [
      { id: 'routes/deal', path: 'deals/:slug', loader: ({ params }) => ({ slug: params.slug }) },
      { id: 'routes/about', path: 'about' },
    ],
  },
];

function manifestRoute(id: string, path: string, parentId: string | undefined, hasLoader: boolean) {
  return {
    id,
    path,
    parentId,
    hasLoader,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/${id}.js`,
    imports: [],
    css: [],
  };
}

const manifest = {
  entry: { module: '/entry.client.js', imports: [], css: [] },
  routes: {
    root: manifestRoute('root', '', undefined, true),
    'routes/deal': manifestRoute('routes/deal', 'deals/:slug', 'root', true),
    'routes/about': manifestRoute('routes/about', 'about', 'root', false),
  },
  url: '/manifest.js',
  version: '1',
};

/** The data routes each render of a copy's root saw, in order. */
const routesSeen = new Map<RouterBuild, unknown[]>();

/** Route modules written against one copy's own hooks (each copy has its own contexts). */
function routeModulesFor(router: RouterBuild, aboutText = 'About us') {
  const Root: FunctionComponent = () => {
    const { shop } = router.useLoaderData() as { shop: string };
    routesSeen.set(router, [
      ...(routesSeen.get(router) ?? []),
      useContext(router.UNSAFE_DataRouterContext)?.router.routes,
    ]);
    return createElement('main', null, createElement('h1', null, shop), createElement(router.Outlet));
  };
  const Deal: FunctionComponent = () => {
    const { slug } = router.useLoaderData() as { slug: string };
    return createElement('p', null, `Deal ${slug}`);
  };
  const About: FunctionComponent = () => createElement('p', null, aboutText);
  const Loading: FunctionComponent = () => {
    routesSeen.set(router, [
      ...(routesSeen.get(router) ?? []),
      useContext(router.UNSAFE_DataRouterContext)?.router.routes,
    ]);
    return createElement('p', null, 'Loading the store');
  };
  return {
    root: { default: Root, HydrateFallback: Loading },
    'routes/deal': { default: Deal },
    'routes/about': { default: About },
  };
}

/** A build's route modules: the same ones for every page it renders. */
const builtModules = new Map<RouterBuild, ReturnType<typeof routeModulesFor>>();
function modulesOf(router: RouterBuild) {
  const modules = builtModules.get(router) ?? routeModulesFor(router);
  builtModules.set(router, modules);
  return modules;
}

/** Renders `url` as `entry.server.tsx` does, through the copy's `<ServerRouter>`. */
async function render(
  router: RouterBuild,
  url: string,
  routeModules: Record<string, unknown> = modulesOf(router),
  { future = copyFuture, isSpaMode = false } = {},
): Promise<string> {
  const handler = router.createStaticHandler(handlerRoutes);
  const staticHandlerContext = await handler.query(new Request(`http://store.test${url}`));
  if (staticHandlerContext instanceof Response) throw new Error(`${url} answered ${staticHandlerContext.status}`);
  const context = {
    manifest,
    routeModules,
    staticHandlerContext,
    criticalCss: undefined,
    serverHandoffString: '{}',
    future,
    isSpaMode,
    ssr: true,
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    renderMeta: {},
  } as unknown as EntryContext;
  return renderToString(createElement(router.ServerRouter, { context, url: `http://store.test${url}` }));
}

/** One future-flags object, as a build hands the same one to every request. */
const copyFuture = {};

describe('pages rendered with the kept route trees', () => {
  it('are the pages the published router renders, page after page', async () => {
    const { published, patched } = copies;
    for (const url of ['/deals/reelsmith', '/about', '/deals/quillstack', '/deals/reelsmith', '/about']) {
      const page = await render(patched, url);
      expect(page).toBe(await render(published, url));
    }
    expect(await render(patched, '/deals/quillstack')).toContain('Deal quillstack');
    // One route tree for every page of the patched router; a new one for each with the published.
    expect(new Set(routesSeen.get(patched)).size).toBe(1);
    expect(new Set(routesSeen.get(published)).size).toBe(5);
  });

  it('follow a changed route module (a new build of one route)', async () => {
    const { patched } = copies;
    const modules = modulesOf(patched);
    expect(await render(patched, '/about', modules)).toContain('About us');
    const changed = { ...modules, 'routes/about': routeModulesFor(patched, 'About the store')['routes/about'] };
    expect(await render(patched, '/about', changed)).toContain('About the store');
    expect(await render(patched, '/about', modules)).toContain('About us');
  });

  it('are built again for other future flags, the SPA mode or a route module fewer', async () => {
    const { patched } = copies;
    const seen = () => routesSeen.get(patched) ?? [];
    // Without the module of a route in the manifest, React Router refuses the tree.
    await render(patched, '/about');
    const { 'routes/about': _about, ...fewer } = modulesOf(patched);
    await expect(render(patched, '/deals/a', fewer)).rejects.toThrow(/No `routeModule` available/);
    await render(patched, '/about');
    const before = new Set(seen()).size;
    await render(patched, '/about', modulesOf(patched), { future: {} });
    expect(new Set(seen()).size).toBe(before + 1);
    // A SPA-mode render draws the root's fallback, over routes that load lazily.
    await render(patched, '/about');
    const spa = await render(patched, '/about', modulesOf(patched), { isSpaMode: true });
    expect(spa).toBe(await render(copies.published, '/about', modulesOf(copies.published), { isSpaMode: true }));
    expect(spa).toContain('Loading the store');
    const spaRoutes = seen().at(-1) as { lazy?: unknown }[];
    expect(typeof spaRoutes[0]?.lazy).toBe('function');
  });

  it('share one set of data routes between static routers of the same tree, with matches of their own', async () => {
    const { patched, published } = copies;
    const routes: RouteObject[] = [{ id: 'root', path: '', children: [{ id: 'deal', path: 'deals/:slug' }] }];
    const handler = patched.createStaticHandler(routes);
    const contextOf = async (url: string) => {
      const context = await handler.query(new Request(`http://store.test${url}`));
      if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
      return context;
    };
    const first = patched.createStaticRouter(routes, await contextOf('/deals/a'));
    const second = patched.createStaticRouter(routes, await contextOf('/deals/b'));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((match) => match.params.slug)).toEqual(['a', 'a']);
    expect(second.state.matches.at(-1)?.params.slug).toBe('b');
    expect(second.state.matches.at(-1)?.route).toBe(first.routes[0]?.children?.[0]);
    // Another tree gets data routes of its own; the published router builds them for every call.
    expect(patched.createStaticRouter([...routes], await contextOf('/deals/a')).routes).not.toBe(first.routes);
    expect(published.createStaticRouter(routes, await contextOf('/deals/a')).routes).not.toBe(
      published.createStaticRouter(routes, await contextOf('/deals/a')).routes,
    );
  });
});
