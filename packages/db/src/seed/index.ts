/**
 * `@everdeal/db/seed`: the demo catalogue the server loads into an empty database
 * (SEED_DEMO, PRODUCT.md "Running it"), and the factories tests use to build their own data.
 */
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
export { ensureDemoMedia } from './media';
export { type SyntheticSeedResult, seedSyntheticProducts } from './synthetic';
