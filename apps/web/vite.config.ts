import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { lucideSprite } from './vite-plugins/lucide-sprite.ts';
import { routeMatchingPrefilter } from './vite-plugins/route-matching.ts';
import { serverRouteTrees } from './vite-plugins/server-route-tree.ts';

/**
 * React Router's package exports only its development build (`dist/development`), under every
 * condition, so a production build of the store ran React Router's development code on both ends:
 * on the server that was a tenth of an uncached page's CPU (`LinkWithRef`, route matching, the
 * loader data's encoding; docs/benchmarks.md, "Server rendering without the page cache"). The
 * production build beside it has the same API without the development checks and warnings. On
 * the server this bundles it into the SSR build, so the whole render uses one copy of the router.
 * `npm run dev` keeps the development build.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
  const files: Record<string, string> = {
    'react-router': join(dist, 'index.mjs'),
    'react-router/dom': join(dist, 'dom-export.mjs'),
  };
  return {
    name: 'everdeal:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return files[source];
    },
  };
}

/**
 * Puts the code every page loads into three chunks instead of ~40 (docs/benchmarks.md,
 * "First-load JavaScript"): `framework` (React, React DOM, React Router: what the client entry
 * imports), `shell` (what `root.tsx` imports on top) and `shell-layout` (what the default layout
 * adds; the auth pages do not load it). A fourth, `catalogue`, holds what the catalogue pages add
 * (`app/catalogue-actions.tsx`: the product buttons, their mutations and optimistic lists), which
 * the home, product, trending, search, category and wishlist pages load, and the cart page for
 * the cart's own mutations.
 *
 * Rolldown splits by which entries import a module, and in React Router's client build every
 * route module and every lazy `import()` is an entry, so a module the root shares with one lazy
 * dialog ended up in a chunk of its own: a 300-byte icon was a request of its own, and each
 * request costs a round trip on a phone. Rolldown cannot know that the root module loads with
 * every page; this plugin tells it, from the static imports of the module graph. The shell groups
 * move nothing into a page's first load that it did not load before: modules that only lazy chunks
 * or single routes use keep Rolldown's own split. The last two trade a little for fewer chunks:
 * the cart loads the product buttons with its cart mutations (2.1 KB; a chunk of their own for
 * those mutations cost each catalogue page 0.3-0.4 KB), and a page that formats money but no plan
 * loads the plan formatting too (docs/benchmarks.md, "First-load
 * JavaScript", 2026-11-29). Icons are imported one file each (`lucide-react/icons/*`) so
 * that the graph says which icons a module really uses; in a build each module makes the icons it
 * imports itself, so an icon is no chunk at all (vite-plugins/lucide-sprite.ts).
 *
 * The catalogue's closure includes the store's money, plan and count formatting (`sharedFormatting`),
 * which the orders, seller and admin pages use without the catalogue: a group takes the
 * dependencies of what it captures, so these get a group of their own, `formatting`, before it
 * (in `shell-layout` they cost the 39 pages that do not format money 0.8-1.0 KB each).
 *
 * Requests count as well as bytes. Over HTTP/1.1 a browser opens six connections to the store, so
 * the stylesheet and a page's scripts arrive in rounds of six, a round trip each on a phone's link,
 * and Lighthouse's simulation of that link counts every script that arrived before the first
 * paint as blocking it: a product page of 20 scripts reached its first paint about 270 ms later
 * than the same code in 10 (docs/benchmarks.md, "Requests per page"; decision 054). So the shell
 * also takes the small modules many pages load (`withTheShell`, 2.1 KB more for a page that uses
 * none of them), the catalogue the two its pages share with no other page (`withTheCatalogue`),
 * and the product grid and its card view, which the same five list pages load together, one chunk
 * (`productLists`). `npm run bench:bundle` holds the five measured pages to their script counts.
 */
const groupNames = ['framework', 'shell', 'shell-layout', 'formatting', 'catalogue', 'product-lists'] as const;
const sharedFormatting = [
  '/packages/contracts/src/money.ts',
  '/packages/contracts/src/plans.ts',
  '/apps/web/app/lib/format-count.ts',
];
type GroupName = (typeof groupNames)[number];
/**
 * Modules the root does not import that go with the shell all the same, each a chunk and a request
 * of its own before: the reading of a page's data as one JSON text (decision 052, 112 bytes that
 * the catalogue pages share), then modules of at most 0.6 KB that a fifth to two thirds of the
 * pages load (paths, page titles and meta, breadcrumbs, empty and loading states, the sign-in
 * guard) or that the product page loads beside a few others (its prose, refund window and
 * lifetime promise).
 */
const withTheShell = [
  '/apps/web/app/lib/page-data.ts',
  '/packages/contracts/src/paths.ts',
  '/packages/contracts/src/order-paths.ts',
  '/apps/web/app/lib/seo.ts',
  '/apps/web/app/components/ui/breadcrumbs.tsx',
  '/apps/web/app/components/ui/empty-state.tsx',
  '/apps/web/app/components/ui/skeleton.tsx',
  '/apps/web/app/features/auth/hooks/use-require-login.ts',
  '/apps/web/app/components/ui/prose.tsx',
  '/apps/web/app/features/catalog/refund-window.ts',
  '/apps/web/app/shared/catalog/lifetime-promise-banner.tsx',
];
/** What the catalogue pages load beside the catalogue's actions and no other page does: a deal's sale note and rating. */
const withTheCatalogue = [
  '/apps/web/app/shared/catalog/sale-note.tsx',
  '/apps/web/app/features/catalog/components/rating-stars.tsx',
];
/** The product grid and its card view: home, trending, search, category and wishlist load both. */
const productLists = [
  '/apps/web/app/features/catalog/components/product-grid.tsx',
  '/apps/web/app/shared/catalog/product-card-view.ts',
];

function shellChunks() {
  const owner = new Map<string, GroupName>();

  const plugin: Plugin = {
    name: 'everdeal:shell-chunks',
    apply: 'build',
    buildStart() {
      owner.clear();
    },
    buildEnd() {
      if (this.environment.name !== 'client') return;
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.find((id) => id.split('?')[0]?.endsWith(suffix));
      const closure = (start: string | undefined) => {
        const seen = new Set<string>();
        const queue = start ? [start] : [];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entryId = find('entry.client.tsx');
      const entry = closure(entryId);
      const root = closure(find('/app/root.tsx'));
      const layout = closure(find('/app/routes/_default-layout.tsx'));
      const catalogue = closure(find('/app/catalogue-actions.tsx'));
      const formatting = sharedFormatting.map(find);
      const shellExtras = withTheShell.map(find);
      const catalogueExtras = withTheCatalogue.map(find);
      const lists = productLists.map(find);
      const productPage = closure(find('/app/features/catalog/components/product-page.tsx'));
      if (
        [entry, root, layout, catalogue, productPage].some((group) => group.size === 0) ||
        [...formatting, ...shellExtras, ...catalogueExtras, ...lists].includes(undefined)
      ) {
        this.error(
          'shell-chunks: the client entry, root, default layout, catalogue, product page, formatting, shell or product list modules were not found',
        );
      }
      for (const id of entry) if (id !== entryId) owner.set(id, 'framework');
      for (const id of root) if (!entry.has(id)) owner.set(id, 'shell');
      for (const id of shellExtras) if (id && !owner.has(id)) owner.set(id, 'shell');
      for (const id of layout) if (!entry.has(id) && !owner.has(id)) owner.set(id, 'shell-layout');
      for (const id of formatting) if (id && !owner.has(id)) owner.set(id, 'formatting');
      for (const id of catalogue) if (!owner.has(id)) owner.set(id, 'catalogue');
      for (const id of catalogueExtras) if (id && !owner.has(id)) owner.set(id, 'catalogue');
      // What the lists share with the product page (prices, discount badges) goes with the
      // catalogue, or the product page would load the lists' chunk for them.
      for (const id of lists.flatMap((list) => [...closure(list)])) {
        if (!owner.has(id) && productPage.has(id)) owner.set(id, 'catalogue');
      }
      for (const id of lists) if (id && !owner.has(id)) owner.set(id, 'product-lists');
    },
  };

  // A group also takes the dependencies of what it captures, unless a group of higher priority
  // already owns them: the framework first, so React never lands in the shell chunk.
  const groups = groupNames.map((name, index) => ({
    name,
    test: (id: string) => owner.get(id) === name,
    priority: groupNames.length - index,
  }));

  return { plugin, groups };
}

const shell = shellChunks();

/** The chunks every page has loaded before anything lazy runs: the entry's and the shell's. */
const alwaysLoaded = /(^|\/)(rolldown-runtime|framework|shell|shell-layout)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    // The server's route matching skips the branches a URL's first segments rule out
    // (vite-plugins/route-matching.ts).
    routeMatchingPrefilter(),
    // The server builds the app's route tree once per build, not for every page it renders
    // (vite-plugins/server-route-tree.ts).
    serverRouteTrees(),
    // The header's icons, on every page's first screen, are drawn from the page itself
    // (vite-plugins/lucide-sprite.ts): menu, search and cart on a phone, wishlist and account too
    // on a desktop.
    lucideSprite({ inline: ['menu', 'search', 'shopping-cart', 'heart', 'user-round'] }),
    tailwindcss(),
    reactRouter(),
    shell.plugin,
  ],
  resolve: { tsconfigPaths: true },
  // `npm run dev` would load lucide's modules on the server as they are, past the sprite plugin,
  // and the server's inline icons would not match the browser's sprite ones.
  ssr: { noExternal: ['lucide-react'] },
  build: {
    target: 'es2022',
    // Before a lazy chunk loads, Vite's helper preloads its dependencies, looking each one up in
    // the document (`querySelector` over the whole page); most are the framework and shell
    // chunks, loaded with every page already. On a page of product cards those lookups were a
    // long task of their own (docs/benchmarks.md, "What the Lighthouse figures say"), so only the
    // other dependencies are preloaded; an import() still loads whatever it needs.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !alwaysLoaded.test(dep)) },
    rolldownOptions: { output: { codeSplitting: { groups: shell.groups } } },
  },
});
