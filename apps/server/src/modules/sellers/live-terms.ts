import { AppError, SellerMessage } from '@everdeal/contracts';
import type { plans } from '@everdeal/db';

// A live deal's terms only get better for the buyer (decision 019). Once a product is approved
// (hasLiveTerms), shoppers may hold its plans in their carts at the price they were shown, and
// the lifetime-deal promise is that nothing they were shown gets worse: a price may come down,
// never go up; the crossed-out "was" price may not go up (nor appear where there was none, which
// is the same thing as long as it stays at least the price); a plan keeps its billing; the refund
// window may grow, never shrink. To charge more the seller adds a new plan.

type PlanRow = typeof plans.$inferSelect;
export type PlanTerms = Pick<PlanRow, 'kind' | 'billingInterval' | 'priceCents' | 'originalPriceCents'>;

/** 409 with the rule's own message unless `next` is as good or better for the buyer as `current`. */
export function requireBuyerFriendlyPlanChange(current: PlanTerms, next: PlanTerms): void {
  if (next.kind !== current.kind || next.billingInterval !== current.billingInterval) {
    throw AppError.conflict(SellerMessage.liveBillingChange);
  }
  if (next.priceCents > current.priceCents) throw AppError.conflict(SellerMessage.livePriceRaise);
  if (next.originalPriceCents > current.originalPriceCents) {
    throw AppError.conflict(SellerMessage.liveOriginalPriceRaise);
  }
}

/** Requirements §9's refund windows are 60, 30 or 0 days; a live deal's may only grow. */
export function requireRefundWindowKept(currentDays: number, nextDays: number): void {
  if (nextDays < currentDays) throw AppError.conflict(SellerMessage.liveRefundWindowShorten);
}

const auditValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** JSON with object keys sorted: jsonb hands back `{alt, url}` for a gallery item sent as `{url, alt}`. */
function sameValue(a: unknown, b: unknown): boolean {
  const sorted = (_key: string, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : value;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

/**
 * The fields of `next` whose value differs from `current`, as they were and as they become, for
 * the audit log (decision 019: changed fields only). Null when nothing changed.
 */
export function changedFields(
  current: Record<string, unknown>,
  next: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const was = auditValue(current[key]);
    const is = auditValue(value);
    if (sameValue(was, is)) continue;
    before[key] = was;
    after[key] = is;
  }
  return Object.keys(after).length > 0 ? { before, after } : null;
}

/** What the audit log shows of a plan: its terms and wording, not its position or timestamps. */
export function planAuditFields(plan: Pick<PlanRow, 'name' | 'features'> & PlanTerms): Record<string, unknown> {
  return {
    name: plan.name,
    kind: plan.kind,
    billingInterval: plan.billingInterval,
    priceCents: plan.priceCents,
    originalPriceCents: plan.originalPriceCents,
    features: plan.features,
  };
}

/** How a log row names the plan it is about. */
export const planSubject = (plan: Pick<PlanRow, 'id' | 'name'>) => `plan ${plan.name} (#${plan.id})`;
