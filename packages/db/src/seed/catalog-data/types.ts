/**
 * The hand-written part of the demo catalogue (requirements §10). Numbers that only need
 * to look plausible (upvotes, ratings, dates, stock) are derived in demo-catalog.ts instead.
 */
export type DemoPlan = {
  name: string;
  kind: 'lifetime' | 'subscription';
  billingInterval: 'month' | 'year' | null;
  priceCents: number;
  originalPriceCents: number;
  features: string[];
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

export function lifetime(name: string, priceCents: number, originalPriceCents: number, features: string[]): DemoPlan {
  return { name, kind: 'lifetime', billingInterval: null, priceCents, originalPriceCents, features };
}

export function subscription(
  name: string,
  billingInterval: 'month' | 'year',
  priceCents: number,
  originalPriceCents: number,
  features: string[],
): DemoPlan {
  return { name, kind: 'subscription', billingInterval, priceCents, originalPriceCents, features };
}
