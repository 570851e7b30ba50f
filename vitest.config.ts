import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests only: Playwright's `e2e/*.spec.ts` must never be collected here
// (docs/development.md, pitfall 7), so the include names the workspaces and the `.test.` suffix.
export default defineConfig({
  // The web app's `~/` and `~test/` imports (apps/web/tsconfig.json `paths`), for its unit tests.
  resolve: {
    alias: {
      '~test': fileURLToPath(new URL('./apps/web/test', import.meta.url)),
      '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)),
    },
  },
  test: {
    include: ['{apps,packages}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/build/**', '**/dist/**', '**/.react-router/**'],
    // One migrated database template per run, cloned by every test file (apps/server/test).
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/fail-on-console-error.ts'],
    // PGlite is WebAssembly and each file owns one: separate processes keep memory bounded.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker process runs file after file without a fresh module graph per file: importing
    // the server, its dependencies and PGlite's WebAssembly again for every file was about a
    // third of the workers' time. Safe here because no file changes what another imports: no
    // vi.mock or vi.spyOn, the fake timers and stubbed globals are undone in afterEach, no test
    // writes process.env, each file builds its own app and database, and the console.error
    // recorder installs itself once per process (docs/development.md, "Test speed").
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
