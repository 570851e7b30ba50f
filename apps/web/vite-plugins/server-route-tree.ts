import type { Plugin } from 'vite';

/**
 * React Router's `<ServerRouter>` builds the app's whole route tree for every page it renders:
 * `createServerRoutes` makes a route object per route of the manifest (about 90 here, whichever
 * page is asked), and `createStaticRouter` converts that tree again into data routes, each with a
 * React element for its component. None of it depends on the request: only on the build's manifest
 * and route modules. The two trees were about half of what every page left for the garbage
 * collector to promote to the old generation (docs/decisions/050-server-route-tree.md), so these
 * patches build each tree once and reuse it:
 * - `<ServerRouter>` keeps the route tree of a manifest's routes, rebuilt when a route module, the
 *   future flags or the SPA mode differ from the ones it was built with;
 * - `createStaticRouter` keeps the data routes (and their id map) of a route tree, by the tree's
 *   identity. A static router never changes its routes (its `patchRoutes` throws), and the matches
 *   of each request are still made per call.
 * Each patch throws when the code is not the one it was written for, so a React Router upgrade
 * that changes it fails the build instead of losing the patch. `server-route-tree.test.ts`
 * renders through the patched and the published router and compares.
 */

const SERVER_ROUTES_CALL =
  /( *)let routes = createServerRoutes\(\s*manifest\.routes,\s*routeModules,\s*context\.future,\s*context\.isSpaMode\s*\);/;

const DATA_ROUTES_CALL =
  /( *)let manifest = \{\};\n\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);/;

const SERVER_ROUTES_HELPERS = `
var everdealServerRouteTrees = new WeakMap();
function everdealServerRoutes(manifestRoutes, routeModules, future, isSpaMode) {
  let kept = everdealServerRouteTrees.get(manifestRoutes);
  if (kept === undefined || kept.future !== future || kept.isSpaMode !== isSpaMode || !everdealSameModules(kept, routeModules)) {
    kept = { routes: createServerRoutes(manifestRoutes, routeModules, future, isSpaMode), routeModules: { ...routeModules }, moduleCount: Object.keys(routeModules).length, future, isSpaMode };
    everdealServerRouteTrees.set(manifestRoutes, kept);
  }
  return kept.routes;
}
function everdealSameModules(kept, current) {
  let count = 0;
  for (let id in current) {
    if (kept.routeModules[id] !== current[id]) return false;
    count++;
  }
  return count === kept.moduleCount;
}
`;

const DATA_ROUTES_HELPERS = `
var everdealDataRouteTrees = new WeakMap();
function everdealDataRoutes(routes) {
  let kept = everdealDataRouteTrees.get(routes);
  if (kept === undefined) {
    let manifest = {};
    kept = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };
    everdealDataRouteTrees.set(routes, kept);
  }
  return kept;
}
`;

/**
 * `replacement` in the place of `original`, padded to its number of lines: the transform returns
 * no source map of its own, so the lines after it keep React Router's numbers.
 */
function sameLineCount(original: string, replacement: string): string {
  const missing = original.split('\n').length - replacement.split('\n').length;
  return replacement + '\n'.repeat(Math.max(0, missing));
}

function patchFailed(what: string): never {
  throw new Error(
    `server-route-tree: React Router's ${what} is not the one this patch was written for; ` +
      'review apps/web/vite-plugins/server-route-tree.ts against the new version',
  );
}

export function definesServerRouter(code: string): boolean {
  return code.includes('function ServerRouter(');
}

export function definesStaticRouter(code: string): boolean {
  return code.includes('function createStaticRouter(');
}

/**
 * `code` with the call `pattern` finds inside `functionName`'s body replaced by `replacement`
 * (given the call's indentation), and `helpers` appended to the module.
 */
function patchCall(
  code: string,
  functionName: string,
  pattern: RegExp,
  replacement: (indent: string) => string,
  helpers: string,
) {
  const start = code.indexOf(`function ${functionName}(`);
  const end = code.indexOf('\n}\n', start);
  const body = code.slice(start, end);
  const call = pattern.exec(body);
  if (start < 0 || end < 0 || !call || code.includes(helpers.trim().split('\n')[0] ?? helpers))
    patchFailed(functionName);
  const patched = body.replace(call[0], () => sameLineCount(call[0], replacement(call[1] ?? '')));
  return `${code.slice(0, start)}${patched}${code.slice(end)}\n${helpers}`;
}

/** React Router's module of `<ServerRouter>`, its route tree kept per manifest. */
export function keepServerRoutes(code: string): string {
  return patchCall(
    code,
    'ServerRouter',
    SERVER_ROUTES_CALL,
    (indent) =>
      `${indent}let routes = everdealServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);`,
    SERVER_ROUTES_HELPERS,
  );
}

/** React Router's module of `createStaticRouter`, its data routes kept per route tree. */
export function keepDataRoutes(code: string): string {
  return patchCall(
    code,
    'createStaticRouter',
    DATA_ROUTES_CALL,
    (indent) => `${indent}let { manifest, dataRoutes } = everdealDataRoutes(routes);`,
    DATA_ROUTES_HELPERS,
  );
}

/** Both patches where they apply: what the server build does to each React Router module. */
export function keepRouteTrees(code: string): { code: string; patched: string[] } {
  const patched: string[] = [];
  let result = code;
  if (definesServerRouter(result)) {
    result = keepServerRoutes(result);
    patched.push('ServerRouter');
  }
  if (definesStaticRouter(result)) {
    result = keepDataRoutes(result);
    patched.push('createStaticRouter');
  }
  return { code: result, patched };
}

/**
 * Applies both patches to the server builds' React Router, as `route-matching.ts` does: the
 * browser and development keep React Router as published. A server build in which either
 * function was not patched fails.
 */
export function serverRouteTrees(): Plugin {
  const patchedIn = new Map<string, Set<string>>();
  return {
    name: 'everdeal:server-route-trees',
    apply: 'build',
    buildStart() {
      patchedIn.set(this.environment.name, new Set());
    },
    transform(code, id) {
      if (this.environment.config.consumer !== 'server' || !id.includes('/react-router/dist/')) return null;
      const { code: result, patched } = keepRouteTrees(code);
      if (patched.length === 0) return null;
      for (const name of patched) patchedIn.get(this.environment.name)?.add(name);
      return { code: result, map: null };
    },
    buildEnd(error) {
      if (error || this.environment.config.consumer !== 'server') return;
      const patched = patchedIn.get(this.environment.name) ?? new Set();
      for (const name of ['ServerRouter', 'createStaticRouter']) {
        if (!patched.has(name))
          this.error(`server-route-tree: React Router's ${name} was not found in the server build`);
      }
    },
  };
}
