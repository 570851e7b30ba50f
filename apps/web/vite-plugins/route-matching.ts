import type { Plugin } from 'vite';

/**
 * React Router matches a URL by trying its route branches in rank order until one matches
 * (`matchRoutesImpl`), and each try matches the root and layout routes again before the leaf
 * fails: with the store's ~90 branches, a URL ranked late ("/", a product page) paid 50-90 µs per
 * match, and a page is matched four times on the server (the request handler, the data query,
 * and `<Scripts>`' partial manifest for each parent path). This patch skips a branch whose
 * leading static segments ("products" of "/products/:slug") are not the URL's leading segments,
 * before any regular expression runs (docs/decisions/049-route-matching-prefilter.md).
 *
 * Why the skip is sound: `matchRouteBranch` matches the branch's routes one after another, each
 * route's pattern anchored at what the routes before it left of the URL, its static text literal
 * (case-insensitive) with one slash between segments. So the static segments of the routes up to
 * the first segment that is not plain text are, lower-cased, the URL's first non-empty segments,
 * and a branch whose segments differ would not have matched; the branches left are tried by React
 * Router's own code, in its order. The prefix is read route by route (`routesMeta`), not from the
 * branch's joined path, and ends at:
 * - a segment with a parameter, an optional mark or a splat (its length in the URL is unknown);
 * - a character outside ASCII (a case-insensitive regular expression takes "ς" for "σ", which
 *   lower-casing does not);
 * - a route whose path holds "//" or a backslash: React Router joins the matched parts with
 *   `joinPaths`, which folds any run of slashes and backslashes into one slash, and cuts the rest
 *   of the URL at the folded length, so what such a route leaves for the next one is not where
 *   its text ends.
 * A partial match (`allowPartial`, route discovery in the browser) is not prefiltered.
 * `route-matching.test.ts` compares the patched router with the original.
 */
const LOOP =
  /( *)for \(let i = 0; matches == null && i < branches\.length; \+\+i\) \{\n\s*matches = matchRouteBranch\(\n\s*branches\[i\],\n\s*decoded,\n\s*allowPartial\n\s*\);\n\s*\}/;
const DECODED = 'let decoded = decodePath(pathname);';

/** Appended to the chunk: module-level functions, so nothing is rebuilt per call. */
const HELPERS = `
var everdealStaticPrefixes = new WeakMap();
function everdealStaticPrefix(branch) {
  let prefix = everdealStaticPrefixes.get(branch);
  if (prefix === undefined) {
    prefix = [];
    routes: for (let meta of branch.routesMeta) {
      let path = meta.relativePath;
      if (path.includes("//") || path.includes("\\\\")) break;
      for (let segment of path.split("/")) {
        if (segment === "") continue;
        if (/[:*?]|[^\\x00-\\x7f]/.test(segment)) break routes;
        prefix.push(segment.toLowerCase());
      }
    }
    everdealStaticPrefixes.set(branch, prefix);
  }
  return prefix;
}
function everdealMayMatch(branch, segments) {
  let prefix = everdealStaticPrefix(branch);
  if (prefix.length > segments.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== segments[i]) return false;
  return true;
}
`;

/**
 * What the patch writes in the loop's place, padded to the loop's own number of lines so that the
 * lines after it keep their numbers: the transform returns no source map of its own, so a map of
 * the build, if one is made, still points into React Router's own lines.
 */
function prefilteredLoop(loop: string, indent: string): string {
  const lines = [
    `${indent}let segments = allowPartial ? null : decoded.toLowerCase().split("/").filter(Boolean);`,
    `${indent}for (let i = 0; matches == null && i < branches.length; ++i) {`,
    `${indent}  if (segments !== null && !everdealMayMatch(branches[i], segments)) continue;`,
    `${indent}  matches = matchRouteBranch(branches[i], decoded, allowPartial);`,
    `${indent}}`,
  ];
  const lineCount = loop.split('\n').length;
  return [...lines, ...Array<string>(Math.max(0, lineCount - lines.length)).fill('')].join('\n');
}

/** True for the React Router module that defines `matchRoutesImpl`. */
export function definesRouteMatching(code: string): boolean {
  return code.includes('function matchRoutesImpl(');
}

/**
 * React Router's module with the prefilter in `matchRoutesImpl`. Throws when the function is not
 * the one this patch was written for, so a React Router upgrade that changes it fails the build
 * instead of losing the patch or patching something else.
 */
export function prefilterRouteMatching(code: string): string {
  const start = code.indexOf('function matchRoutesImpl(');
  const end = code.indexOf('\n}\n', start);
  const body = start < 0 || end < 0 ? '' : code.slice(start, end);
  const loop = LOOP.exec(body);
  if (!loop || body.split(DECODED).length !== 2 || code.includes('function everdealMayMatch(')) {
    throw new Error(
      "route-matching: React Router's matchRoutesImpl is not the one this patch was written for; " +
        'review apps/web/vite-plugins/route-matching.ts against the new version',
    );
  }
  const patched = body.replace(loop[0], () => prefilteredLoop(loop[0], loop[1] ?? ''));
  return `${code.slice(0, start)}${patched}${code.slice(end)}\n${HELPERS}`;
}

/**
 * Applies the prefilter to the server builds' copy of React Router (the one that renders every
 * page and, through `entry.server.tsx`, handles its request): every environment whose code runs
 * on the server. The browser matches once per navigation and keeps React Router as published, and
 * so does development (`npm run dev`, and the page tests that render through Vite): only a build
 * runs the patched router, which the end-to-end tests and benchmarks use. A server build in which
 * no module was patched fails.
 */
export function routeMatchingPrefilter(): Plugin {
  // Seen in every environment and chosen here, not with `applyToEnvironment`: a server
  // environment the plugin skipped could not fail its build for want of the patch.
  const patchedIn = new Set<string>();
  return {
    name: 'everdeal:route-matching-prefilter',
    apply: 'build',
    buildStart() {
      patchedIn.delete(this.environment.name);
    },
    transform(code, id) {
      if (this.environment.config.consumer !== 'server') return null;
      if (!id.includes('/react-router/dist/') || !definesRouteMatching(code)) return null;
      patchedIn.add(this.environment.name);
      return { code: prefilterRouteMatching(code), map: null };
    },
    buildEnd(error) {
      if (!error && !patchedIn.has(this.environment.name) && this.environment.config.consumer === 'server') {
        this.error("route-matching: React Router's matchRoutesImpl was not found in the server build");
      }
    },
  };
}
