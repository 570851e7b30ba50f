// The catalogue benchmarks' database (bench:catalog, bench:render): a throwaway PostgreSQL
// database with the migrations, the demo catalogue and `productCount` synthetic products, in the
// state of a database in service, and a live synthetic product from the middle of the catalogue
// for the detail requests.
//
// `BENCH_KEEP_DATABASE=1` keeps the database after the run and prints its URL; `BENCH_DATABASE=<that
// URL>` measures on it again instead of seeding a new one (minutes saved per run while iterating on a
// change; the database must come from this setup, and stays after the run).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createDatabase, products } from '@everdeal/db';
import { seedDemoCatalog, seedSyntheticProducts } from '@everdeal/db/seed';
import { and, eq, like, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { refreshTrendingScores } from '../src/modules/catalog/trending';

export type CatalogBenchDatabase = {
  /** The database's URL, for the servers under test. */
  url: string;
  /** The slug of a live synthetic product with a few related deals. */
  slug: string;
  drop(): Promise<void>;
};

const SLUG_FALLBACK = 'quillstream';

async function pickProduct(db: Awaited<ReturnType<typeof createDatabase>>['db']): Promise<string> {
  const [picked] = await db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.dealStatus, 'live'), like(products.slug, '%-0421')))
    .limit(1);
  return picked?.slug ?? SLUG_FALLBACK;
}

/** A database an earlier run kept (`BENCH_KEEP_DATABASE=1`): measured as it is, and kept again. */
async function reuseCatalogBenchDatabase(url: string): Promise<CatalogBenchDatabase> {
  console.info(`Reusing the kept database at ${url}`);
  const setup = await createDatabase({ databaseUrl: url });
  try {
    return { url, slug: await pickProduct(setup.db), drop: async () => {} };
  } finally {
    await setup.close();
  }
}

export async function createCatalogBenchDatabase(options: {
  adminUrl: string;
  productCount: number;
  /** Where the demo media go (the server's DATA_DIR). */
  dataDir: string;
}): Promise<CatalogBenchDatabase> {
  const kept = process.env.BENCH_DATABASE;
  if (kept) return reuseCatalogBenchDatabase(kept);
  const name = `everdeal_bench_${randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(options.adminUrl), { pathname: `/${name}` }).toString();
  const admin = postgres(options.adminUrl, { max: 1, onnotice: () => {} });
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  const drop = async () => {
    if (keep) {
      console.info(`Kept the database: BENCH_DATABASE=${url}`);
      await admin.end({ timeout: 5 });
      return;
    }
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  };
  try {
    await admin.unsafe(`create database "${name}"`);
    console.info(`Seeding ${name}: demo catalogue + ${options.productCount} synthetic products…`);
    const setup = await createDatabase({ databaseUrl: url });
    await setup.migrate();
    await seedDemoCatalog(setup.db, { mediaDir: join(options.dataDir, 'uploads', 'demo') });
    await seedSyntheticProducts(setup.db, { count: options.productCount });
    // The state of a database in service: scores computed (the server's first refresh would
    // otherwise rewrite every fresh row during the measurement) and vacuumed, as autovacuum leaves
    // it, so index-only scans can skip the heap.
    await refreshTrendingScores(setup.db, new Date());
    await setup.db.execute(sql`vacuum analyze`);
    const slug = await pickProduct(setup.db);
    await setup.close();
    return { url, slug, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}
