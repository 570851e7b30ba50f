/**
 * `@everdeal/db/seed`: the demo catalogue the server loads into an empty database
 * (SEED_DEMO, requirements §16), and the factories tests use to build their own data.
 */
export { type BlogPost, buildDemoBlogRows, createBlogPost, type NewBlogPost } from './blog';
export { isCatalogEmpty, type SeedCounts, seedDemoCatalog } from './demo-catalog';
export {
  createCategory,
  createLicenseCodes,
  createPlan,
  createProduct,
  createSeller,
  type PlanInput,
  type ProductOverrides,
  type ProductWithPlans,
} from './factories';
export { type DemoRasterizers, ensureDemoMedia, type SvgToRaster } from './media';
export { type SyntheticSeedResult, seedSyntheticProducts } from './synthetic';
