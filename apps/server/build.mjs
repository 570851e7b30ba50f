// Bundles the server into dist/: our workspace packages (TypeScript sources) are compiled in,
// every npm dependency stays external and is loaded from node_modules at run time, except React
// Router: its package exports only its development build, so its production build is bundled in
// (apps/web/vite.config.ts does the same for the pages; docs/benchmarks.md, "Server rendering
// without the page cache").
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

// `--outdir DIR` builds elsewhere (apps/server/src/built-commands.test.ts builds a copy of its own,
// inside the repository so the bundles still find node_modules). `--entry FILE`, repeated, builds
// those entries instead of the server's (test/mail-crash.test.ts bundles test/api-server.ts).
const { values } = parseArgs({
  options: { outdir: { type: 'string', default: 'dist' }, entry: { type: 'string', multiple: true } },
});

const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

await build({
  // main.ts and worker.ts settle NODE_ENV, then load server.js (main.ts through cluster-primary.js)
  // at run time (kept external below).
  // The operator commands are built too, so production runs them with plain node, without tsx
  // (docs/operations.md "Operator commands").
  entryPoints: values.entry ?? [
    'src/main.ts',
    'src/worker.ts',
    'src/server.ts',
    'src/cluster-primary.ts',
    'src/db-migrate-cli.ts',
    'src/seed-cli.ts',
    'src/db-backup-cli.ts',
    'src/admin-grant-cli.ts',
  ],
  outdir: values.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^\.\/(server|cluster-primary)\.js$/ }, (args) => ({ path: args.path, external: true }));
        b.onResolve({ filter: /^react-router$/ }, () => ({ path: reactRouterProduction }));
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@everdeal/') && !args.path.startsWith('@everdeal/web') ? undefined : { external: true },
        );
      },
    },
  ],
});
