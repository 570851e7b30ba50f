// `npm run worker` / `node apps/server/dist/worker.js`: the process that runs the background jobs
// and serves no store (decision 034); the same as `ROLE=worker node apps/server/dist/main.js`.
// NODE_ENV is settled first for the same reason as in main.ts.
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
if (process.env.ROLE && process.env.ROLE !== 'worker') {
  console.error(
    `Invalid configuration:\n  - ROLE=${process.env.ROLE} contradicts the worker entry (worker.js): unset ROLE or use main.js`,
  );
  process.exit(1);
}
process.env.ROLE = 'worker';
await import('./server.js');

export {};
