import { createHash } from 'node:crypto';
import type { Db } from '@everdeal/db';
import { isbot } from 'isbot';
import type { RateLimits } from '../../plugins/rate-limit';
import { countProductView, utcDay } from './product-counters';

// `products/recordView` (requirements §13, decision 025). Product pages come from the page cache
// for anonymous visitors (decision 004), so their loader cannot count a view; the browser reports
// it once the page shows. What keeps the count honest without storing anyone: crawlers are
// ignored by user-agent, each address has a budget per hour, and one visitor counts once per
// product and UTC day.

export type ProductViewDeps = { db: Db; now: () => Date; limits: RateLimits };

/**
 * Who is viewing, for the dedupe only: a SHA-256 of the address and user-agent, kept as a
 * rate-limit key (in Redis when configured, else in memory) until the day is over, never in the
 * database and never the address itself.
 */
function visitorKey(ip: string, userAgent: string): string {
  return createHash('sha256').update(`everdeal-product-view\n${ip}\n${userAgent}`).digest('base64url');
}

/** Counts the view when it should; anything else is ignored silently (the beacon reads no answer). */
export async function recordProductView(
  deps: ProductViewDeps,
  input: { productId: number; ip: string; userAgent: string },
): Promise<void> {
  // A browser always names itself; scripts without a user-agent and known crawlers do not count.
  if (!input.userAgent || isbot(input.userAgent)) return;
  if (!(await deps.limits.tryConsume('productViewPerIp', input.ip))) return;
  const day = utcDay(deps.now());
  // `add` counts without refusing: 1 is this visitor's first view of the product today. The day
  // is part of the key, so the window only has to outlive it.
  const seen = await deps.limits.add(
    'productViewPerVisitor',
    `${input.productId}:${day}:${visitorKey(input.ip, input.userAgent)}`,
  );
  if (seen > 1) return;
  await countProductView(deps.db, input.productId, day);
}
