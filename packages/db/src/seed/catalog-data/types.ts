/**
 * The hand-written part of the demo catalogue (requirements §10). Numbers that only need
 * to look plausible (upvotes, ratings, dates, stock) are derived in demo-catalog.ts instead.
 */
import { describePlanFeature, type PlanFeature } from '@everdeal/contracts/plans';

/** A plan's name, kind and prices; `tiered` gives it its features. */
export type DemoPlanHead = {
  name: string;
  kind: 'lifetime' | 'subscription';
  billingInterval: 'month' | 'year' | null;
  priceCents: number;
  originalPriceCents: number;
};

export type DemoPlan = DemoPlanHead & {
  /** The plan's bullets: its cells of the matrix, as text. */
  features: string[];
  /** Its cells of the product's feature matrix (requirements §10), in row order. */
  featureMatrix: PlanFeature[];
};

export type DemoProduct = {
  slug: string;
  name: string;
  tagline: string;
  sellerSlug: string;
  /** One or two sentences on what it does; the first paragraph of the description. */
  about: string;
  /** Who it is for, completing "Built for …". */
  audience: string;
  highlights: string[];
  tags: string[];
  alternativeTo: string[];
  integrations: string[];
  aiModels: string[];
  aiCreditsPerMonth: number | null;
  aiBringYourOwnKey: boolean;
  plans: DemoPlan[];
};

export type DemoCategory = {
  slug: string;
  name: string;
  description: string;
  position: number;
  /** Labels of the three figures drawn on the dashboard mock-up of this category's products. */
  metricLabels: [string, string, string];
  products: DemoProduct[];
};

export type DemoSeller = { slug: string; name: string; bio: string };

export function lifetime(name: string, priceCents: number, originalPriceCents: number): DemoPlanHead {
  return { name, kind: 'lifetime', billingInterval: null, priceCents, originalPriceCents };
}

export function subscription(
  name: string,
  billingInterval: 'month' | 'year',
  priceCents: number,
  originalPriceCents: number,
): DemoPlanHead {
  return { name, kind: 'subscription', billingInterval, priceCents, originalPriceCents };
}

/** A cell of the table `tiered` takes: `true` included, `false` not, text the plan's amount ("5", "Unlimited"). */
export type FeatureCell = boolean | string;

/**
 * A product's plans with their features written as one table, the way a shopper compares them:
 * each row names a feature and gives one cell per plan, in plan order. So a higher tier states
 * everything it includes, and the product page's comparison is true by construction (decision 013).
 */
export function tiered(heads: DemoPlanHead[], rows: Record<string, FeatureCell[]>): DemoPlan[] {
  return heads.map((head, index) => {
    const featureMatrix: PlanFeature[] = [];
    for (const [name, cells] of Object.entries(rows)) {
      if (cells.length !== heads.length) {
        throw new Error(`Feature "${name}" of ${head.name} has ${cells.length} cells for ${heads.length} plans`);
      }
      const cell = cells[index];
      if (cell === false || cell === undefined) continue;
      featureMatrix.push({ name, value: cell === true ? null : cell });
    }
    return { ...head, featureMatrix, features: featureMatrix.map(describePlanFeature) };
  });
}
