/**
 * Recent shopper activity for the demo shop, so trending has something to rank (decision 003):
 * a few demo shoppers (no password, so nobody can sign in as them), their upvotes spread over
 * the last 30 days, and some license codes sold (allocated) over the same days, each recorded as
 * a paid order of a demo shopper (demo-orders.ts). Deterministic: one PRNG per product, seeded
 * by its slug.
 *
 * `products.upvote_count` keeps the catalogue's figure: it already counts these rows, and the
 * rest stands for votes from before the store kept one row per vote, so count ≥ rows always.
 */
import { createRandom, hashString, randomInt } from './prng';
import type { NewUser } from './rows';

const DAY_MS = 86_400_000;
export const DEMO_SHOPPER_COUNT = 40;
export const DEMO_ACTIVITY_DAYS = 30;
export const DEMO_MIN_SALES = 4;

export function buildDemoShopperRows(now: Date): NewUser[] {
  return Array.from({ length: DEMO_SHOPPER_COUNT }, (_, i) => {
    const number = String(i + 1).padStart(2, '0');
    return {
      email: `shopper${number}@demo.everdeal.example`,
      passwordHash: null,
      firstName: 'Demo',
      lastName: `Shopper ${number}`,
      createdAt: new Date(now.getTime() - 120 * DAY_MS),
      updatedAt: new Date(now.getTime() - 120 * DAY_MS),
    };
  });
}

export type DemoActivity = {
  /** Indexes into the shoppers, each at most once per product, with the vote's time. */
  upvotes: { shopper: number; createdAt: Date }[];
  /** Per plan position: how many of its codes were sold, and when each sale happened. */
  salesByPlan: Date[][];
};

type ActivityInput = {
  slug: string;
  createdAt: Date;
  dealStatus: string;
  upvoteCount: number;
  stockByPlan: number[];
};

/**
 * Some products are hot this week, most are quiet: a "heat" from the slug's PRNG sets how many
 * shoppers vote and how many codes sell; times lean recent for hot products. Upcoming deals get
 * votes but no sales, ended ones neither; a plan keeps most of its stock, so the demo sells
 * out no deal.
 */
export function buildDemoActivity(input: ActivityInput, now: Date): DemoActivity {
  const random = createRandom(hashString(`${input.slug}:activity`));
  const heat = random() ** 2;
  const earliest = Math.max(input.createdAt.getTime(), now.getTime() - DEMO_ACTIVITY_DAYS * DAY_MS);
  const span = now.getTime() - earliest;
  // Hot products' events cluster near now (small exponent spread), quiet ones spread out.
  const pickTime = () => new Date(now.getTime() - Math.round(span * random() ** (0.5 + 2 * heat)));

  if (input.dealStatus === 'ended') return { upvotes: [], salesByPlan: input.stockByPlan.map(() => []) };
  const voters = Math.min(input.upvoteCount, Math.round(heat * DEMO_SHOPPER_COUNT));
  const shoppers = Array.from({ length: DEMO_SHOPPER_COUNT }, (_, i) => i);
  for (let i = shoppers.length - 1; i > 0; i--) {
    const j = randomInt(random, 0, i);
    [shoppers[i], shoppers[j]] = [shoppers[j] ?? 0, shoppers[i] ?? 0];
  }
  const upvotes = span <= 0 ? [] : shoppers.slice(0, voters).map((shopper) => ({ shopper, createdAt: pickTime() }));

  const sells = input.dealStatus === 'live';
  // Every live deal has sold a few codes of its first well-stocked plan, so its reviews come from
  // verified purchasers (demo-community.ts); hot deals sell more.
  const firstStocked = input.stockByPlan.findIndex((stock) => stock >= 20);
  const salesByPlan = input.stockByPlan.map((stock, index) => {
    if (!sells || span <= 0 || stock < 20) return [];
    const floor = index === firstStocked ? DEMO_MIN_SALES : 0;
    const sold = Math.min(Math.floor(stock / 10), Math.max(floor, Math.round(heat * 8 * random())));
    return Array.from({ length: sold }, pickTime);
  });
  return { upvotes, salesByPlan };
}
