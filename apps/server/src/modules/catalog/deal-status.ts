import type { DealStatus, Plan } from '@everdeal/contracts';

// What a deal's status is now, from its stored status, end time and plans (requirements §10).
// catalog-query.sql.ts writes the same rule in SQL for the list filters.

/** A live product is sold out when every plan's code pool is empty, ended when its end time passed. */
export function effectiveDealStatus(
  stored: DealStatus,
  endsAt: Date | null,
  planList: Pick<Plan, 'codesRemaining'>[],
  now: Date,
): DealStatus {
  if (stored !== 'live') return stored;
  if (endsAt && endsAt.getTime() <= now.getTime()) return 'ended';
  if (planList.length > 0 && planList.every((plan) => plan.codesRemaining === 0)) return 'sold_out';
  return 'live';
}
