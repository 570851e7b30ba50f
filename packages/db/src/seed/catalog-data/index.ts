import { analyticsCategory } from './analytics';
import { chatbotsCategory } from './chatbots';
import { codingCategory } from './coding';
import { imageCategory } from './image';
import { productivityCategory } from './productivity';
import { salesCategory } from './sales';
import { seoCategory } from './seo';
import type { DemoCategory, DemoProduct } from './types';
import { videoCategory } from './video';
import { voiceCategory } from './voice';
import { writingCategory } from './writing';

export { demoMerchandising } from './merchandising';
export { demoSellers } from './sellers';
export type { DemoCategory, DemoPlan, DemoProduct, DemoSeller } from './types';

/** In storefront order (`position`). */
export const demoCategories: DemoCategory[] = [
  writingCategory,
  imageCategory,
  videoCategory,
  voiceCategory,
  chatbotsCategory,
  codingCategory,
  analyticsCategory,
  seoCategory,
  productivityCategory,
  salesCategory,
];

export type DemoCatalogEntry = { product: DemoProduct; category: DemoCategory; index: number };

/** Every demo product with its category, and a stable index that picks its colour palette. */
export function listDemoProducts(): DemoCatalogEntry[] {
  return demoCategories
    .flatMap((category) => category.products.map((product) => ({ product, category })))
    .map((entry, index) => ({ ...entry, index }));
}
