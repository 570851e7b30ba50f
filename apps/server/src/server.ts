import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '@everdeal/db';
import { ensureDemoMedia, isCatalogEmpty, seedDemoCatalog } from '@everdeal/db/seed';
import { buildApp } from './app';
import { demoRasterizers } from './lib/svg-to-png';
import { readConfigOrExit } from './plugins/config';
import { buildWorker } from './worker-app';

const config = readConfigOrExit();
// What this process is (decision 034): `all` and `web` serve the store, `worker` runs the jobs.
const isWorker = config.role === 'worker';
let isShuttingDown = false;
mkdirSync(join(config.dataDir, 'uploads'), { recursive: true });
const database = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
const app = await (async () => {
  try {
    // Every role migrates (one at a time, an advisory lock): a no-op once `db:migrate` has run.
    await database.migrate();
    // The demo catalogue and its pictures are for the instances that serve pages.
    if (isWorker) return await buildWorker({ config, database, isShuttingDown: () => isShuttingDown });
    const mediaDir = join(config.dataDir, 'uploads', 'demo');
    if (config.seedDemo && (await isCatalogEmpty(database.db))) {
      const seeded = await seedDemoCatalog(database.db, { mediaDir, ...demoRasterizers });
      console.info(`Seeded the demo catalogue: ${seeded.products} products`);
    } else if (config.seedDemo) {
      // The catalogue may live in PostgreSQL while this machine's media folder is new.
      await ensureDemoMedia(mediaDir, demoRasterizers);
    }
    return await buildApp({ config, database, isShuttingDown: () => isShuttingDown });
  } catch (error) {
    await database.close();
    throw error;
  }
})();

async function shutDown(signal: string) {
  if (isShuttingDown) return;
  isShuttingDown = true;
  // Drain first: /ready answers 503 while requests are still served, so the load balancer moves
  // new requests to the other instances before this one stops listening (SHUTDOWN_DRAIN_MS). A
  // worker is behind no load balancer: it stops its jobs at once (rounds in flight finish).
  const drainMs = isWorker ? 0 : config.shutdownDrainMs;
  app.log.info({ signal, drainMs }, 'shutting down: draining, then finishing requests in flight');
  await new Promise((resolve) => setTimeout(resolve, drainMs));
  // A request that hangs must not keep the process alive forever.
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutDown('SIGTERM'));
process.once('SIGINT', () => void shutDown('SIGINT'));

for (const deprecation of config.deprecations) app.log.warn(deprecation);
await app.listen({ port: config.port, host: config.host });
if (isWorker) {
  app.log.info(
    `Everdeal worker is running the background jobs; health at /health on port ${config.port} (${database.kind})`,
  );
} else {
  app.log.info(`Everdeal is ready at ${config.publicUrl} (${config.role}, ${database.kind})`);
}
