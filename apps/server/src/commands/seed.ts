// `npm run db:seed`: migrates the configured database and loads the demo catalogue into it when
// it has no products yet. Safe to run again: a seeded database is left as it is.
// `npm run db:seed -- --products 10000` then adds that many synthetic products (benchmarks).
// `--prepare` (used by `npm start` while the web app builds) does what the server does at start:
// migrate, and load the demo catalogue only when SEED_DEMO allows it.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDemoMedia, isCatalogEmpty, seedDemoCatalog, seedSyntheticProducts } from '@everdeal/db/seed';
import { demoRasterizers } from '../lib/svg-to-png';
import { ConfigError } from '../plugins/config';
import {
  type CommandContext,
  describeFailure,
  type ExitCode,
  loadCommandConfig,
  openConfiguredDatabase,
} from './command';

export async function seed(context: CommandContext): Promise<ExitCode> {
  const { out } = context;
  try {
    const { values } = parseArgs({
      args: context.argv,
      options: { products: { type: 'string' }, prepare: { type: 'boolean' } },
    });
    const syntheticCount = values.products === undefined ? 0 : Number(values.products);
    if (!Number.isInteger(syntheticCount) || syntheticCount < 0 || syntheticCount > 1_000_000) {
      throw new ConfigError(['--products must be a whole number from 0 to 1000000']);
    }
    const config = loadCommandConfig(context);
    const database = await openConfiguredDatabase(config);
    try {
      await database.migrate();
      const mediaDir = join(config.dataDir, 'uploads', 'demo');
      if (values.prepare && !config.seedDemo) {
        out.info('Database migrated; SEED_DEMO=0, so no demo catalogue.');
      } else if (await isCatalogEmpty(database.db)) {
        const seeded = await seedDemoCatalog(database.db, { mediaDir, ...demoRasterizers });
        out.info(
          `Seeded ${seeded.products} products, ${seeded.plans} plans, ${seeded.categories} categories, ${seeded.sellers} sellers.`,
        );
      } else {
        await ensureDemoMedia(mediaDir, demoRasterizers);
        out.info('The catalogue already has products; the demo catalogue is not loaded again.');
      }
      if (syntheticCount > 0) {
        const started = Date.now();
        const added = await seedSyntheticProducts(database.db, { count: syntheticCount });
        out.info(
          `Added ${added.products} synthetic products, ${added.plans} plans, ${added.codes} codes in ${Date.now() - started} ms.`,
        );
      }
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    out.error(describeFailure(error));
    return 1;
  }
}
