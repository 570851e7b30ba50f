// Bundles the server into dist/: our workspace packages (TypeScript sources) are compiled in,
// every npm dependency stays external and is loaded from node_modules at run time. React Router
// is not among them: pages are handled by the web build's own copy (its production build, with
// the route-matching prefilter of decision 049), which `entry.server.tsx` exports.
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

// `--outdir DIR` builds elsewhere (apps/server/src/built-commands.test.ts builds a copy of its own,
// inside the repository so the bundles still find node_modules). `--entry FILE`, repeated, builds
// those entries instead of the server's (test/mail-crash.test.ts bundles test/api-server.ts).
const { values } = parseArgs({
  options: { outdir: { type: 'string', default: 'dist' }, entry: { type: 'string', multiple: true } },
});

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
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@everdeal/') && !args.path.startsWith('@everdeal/web') ? undefined : { external: true },
        );
      },
    },
  ],
});
