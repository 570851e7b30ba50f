// Bundles the server into dist/: our workspace packages (TypeScript sources) are compiled in,
// every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  // main.ts settles NODE_ENV, then loads server.js at run time (kept external below).
  entryPoints: ['src/main.ts', 'src/server.ts', 'src/seed-cli.ts', 'src/db-backup-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^\.\/server\.js$/ }, (args) => ({ path: args.path, external: true }));
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@everdeal/') && !args.path.startsWith('@everdeal/web') ? undefined : { external: true },
        );
      },
    },
  ],
});
