import { sellerPayouts } from '@everdeal/db';
import { sql } from 'drizzle-orm';

/**
 * Claims pending transfers of one provider whose lease has run out (a new row has none), moving
 * the lease on, in one statement with SKIP LOCKED (decision 036): rounds running at once take
 * different rows, and a row whose provider call is in flight waits for its lease to end.
 */
export function claimPendingStatement(provider: string, at: Date, leaseUntil: Date, limit: number) {
  return sql`
    update ${sellerPayouts} set lease_until = ${leaseUntil.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
    where id in (
      select id from ${sellerPayouts}
      where status = 'pending' and provider = ${provider}
        and (lease_until is null or lease_until <= ${at.toISOString()}::timestamptz)
      order by created_at
      limit ${limit}
      for update skip locked
    )
    returning id`;
}
