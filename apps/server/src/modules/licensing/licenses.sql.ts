import type { LicenseStatus } from '@everdeal/contracts';
import { licenseCodes, orderItemCodes, orderItems, orders, products } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';

// The license calls' SQL (decision 032), in one place. A code "of the seller" is a code sold in a
// paid order (`allocated`, or `revoked` by a refund or plan change) of one of the seller's
// products; its status is read exactly as the buyer's order page reads it (orders.service.ts
// `codeStatus`): revoked, else redeemed when `order_item_codes.redeemed_at` is set, else active.
// Codes are unique per plan only, so the same text may have been sold twice by one seller: the
// calls then act on the latest added code.

const P = sql.placeholder;

/** ISO 8601 in UTC with milliseconds, as JavaScript's `toISOString` writes it, on both drivers. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A sold code as the statements below answer it (`valid` is derived from `status`). */
export type LicenseRow = {
  codeId: string;
  code: string;
  status: LicenseStatus;
  productId: number;
  productSlug: string;
  variantId: number;
  planName: string;
  stackSize: number;
  purchasedAt: string;
  redeemedAt: string | null;
};

const licenseColumns = sql`
  lc.id::text as "codeId",
  lc.code as "code",
  case when lc.status = 'revoked' then 'revoked'
       when oic.redeemed_at is not null then 'redeemed'
       else 'active' end as "status",
  oi.product_id as "productId",
  p.slug as "productSlug",
  oi.plan_id as "variantId",
  oi.plan_name as "planName",
  oi.quantity as "stackSize",
  ${iso(sql`coalesce(o.paid_at, o.created_at)`)} as "purchasedAt",
  ${iso(sql`oic.redeemed_at`)} as "redeemedAt"`;

const soldCodes = sql`${licenseCodes} lc
  join ${orderItemCodes} oic on oic.license_code_id = lc.id
  join ${orderItems} oi on oi.id = oic.order_item_id
  join ${orders} o on o.id = oi.order_id
  join ${products} p on p.id = oi.product_id`;

const isSold = sql`lc.status in ('allocated', 'revoked') and o.status = 'paid'`;

/** The seller's sold code of that text: what `licenses/validate` answers (one indexed lookup). */
export function findLicenseStatement(): SQL {
  return sql`
    select ${licenseColumns}
    from ${soldCodes}
    where lc.code = ${P('code')} and p.seller_id = ${P('sellerId')} and ${isSold}
    order by lc.id desc
    limit 1`;
}
export const findLicense = preparedStatement('licenses_find', findLicenseStatement);

/**
 * Sets or clears the redeemed mark of the seller's sold code in one statement, only on an
 * `allocated` code and only when it changes (`redeemed_at` null → `at`, or set → null), so a
 * repeat is a no-op and the first activation time is kept, as the buyer's own mark keeps it.
 * Answers nothing for an unknown code, else its status before and whether this call changed it.
 * The UPDATE re-reads the row after a concurrent writer commits (READ COMMITTED), so of a
 * buyer's mark and a deactivation racing, the later one wins whole (licenses-race.test.ts).
 */
function markStatement(redeemed: boolean) {
  return sql`
    with target as (
      select lc.id, lc.status::text as status
      from ${soldCodes}
      where lc.code = ${P('code')} and p.seller_id = ${P('sellerId')} and ${isSold}
      order by lc.id desc
      limit 1
    ), changed as (
      update ${orderItemCodes} as c
      set redeemed_at = ${redeemed ? sql`${P('at')}::timestamptz` : sql`null`}
      from target
      where c.license_code_id = target.id and target.status = 'allocated'
        and c.redeemed_at is ${redeemed ? sql`null` : sql`not null`}
      returning c.license_code_id
    )
    select target.status as "codeStatus", exists (select 1 from changed) as "changed" from target`;
}

export type MarkRow = { codeStatus: string; changed: boolean };
export const markRedeemed = preparedStatement('licenses_mark_redeemed', () => markStatement(true));
export const clearRedeemed = preparedStatement('licenses_clear_redeemed', () => markStatement(false));

const statusCondition: Record<LicenseStatus, SQL> = {
  active: sql`lc.status = 'allocated' and oic.redeemed_at is null`,
  redeemed: sql`lc.status = 'allocated' and oic.redeemed_at is not null`,
  revoked: sql`lc.status = 'revoked'`,
};

/**
 * One page of the seller's sold codes, newest code first, keyset-paginated on the code's id
 * (`before`: the last id of the previous page). Built per call: the filters are optional.
 */
export function listLicensesStatement(filter: {
  sellerId: number;
  productId?: number | undefined;
  status?: LicenseStatus | undefined;
  before?: string | undefined;
  limit: number;
}): SQL {
  const conditions = [sql`p.seller_id = ${filter.sellerId}`, isSold];
  if (filter.productId !== undefined) conditions.push(sql`oi.product_id = ${filter.productId}`);
  if (filter.status !== undefined) conditions.push(statusCondition[filter.status]);
  if (filter.before !== undefined) conditions.push(sql`lc.id < ${filter.before}::bigint`);
  return sql`
    select ${licenseColumns}
    from ${soldCodes}
    where ${sql.join(conditions, sql` and `)}
    order by lc.id desc
    limit ${filter.limit}`;
}
