// `npm run db:seed`: migrates the configured database and loads the demo catalogue into it when
// it has no products yet. Safe to run again: a seeded database is left as it is.
import { join } from 'node:path';
import { createDatabase } from '@everdeal/db';
import { ensureDemoMedia, isCatalogEmpty, seedDemoCatalog } from '@everdeal/db/seed';
import { ConfigError, loadConfig, loadDotEnv } from './plugins/config';

try {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const mediaDir = join(config.dataDir, 'uploads', 'demo');
    if (await isCatalogEmpty(database.db)) {
      const seeded = await seedDemoCatalog(database.db, { mediaDir });
      console.info(
        `Seeded ${seeded.products} products, ${seeded.plans} plans, ${seeded.categories} categories, ${seeded.sellers} sellers.`,
      );
    } else {
      await ensureDemoMedia(mediaDir);
      console.info('The catalogue already has products; nothing to seed.');
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
