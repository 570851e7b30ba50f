/**
 * The affiliate programme (requirements §13, §15; decision 012): membership, the dashboard, and
 * which affiliate a checkout is attributed to.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_COMMISSION_PERCENT,
  AFFILIATE_REF_PARAM,
  type AffiliateDashboard,
  type AffiliateMembership,
  AffiliateMessage,
  type AffiliateMonth,
  AppError,
  DEFAULT_CURRENCY,
} from '@everdeal/contracts';
import {
  type AffiliateRow,
  affiliateClicks,
  affiliateCommissions,
  affiliates,
  type Db,
  orderAttributions,
  orders,
} from '@everdeal/db';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';

export type AffiliatesDeps = {
  db: Db;
  now: () => Date;
  publicUrl: string;
  /** False when publicUrl is only the localhost fallback: links then use the address served. */
  isPublicUrlSet: boolean;
};

/**
 * The origin an affiliate's share links start with: PUBLIC_URL when it is set; without it the
 * fallback is http://localhost:$PORT, a link nobody else can open, so the address this request
 * reached (its Host and protocol, X-Forwarded-* from a trusted proxy) is used instead. The link
 * goes back only to the member who asked, so a made-up Host fools no one else.
 */
export function linkOrigin(
  deps: Pick<AffiliatesDeps, 'publicUrl' | 'isPublicUrlSet'>,
  request: { protocol: string; host: string },
): string {
  if (deps.isPublicUrlSet) return deps.publicUrl;
  try {
    const origin = new URL(`${request.protocol}://${request.host}`);
    return origin.pathname === '/' && !origin.username ? origin.origin : deps.publicUrl;
  } catch {
    return deps.publicUrl;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
// No look-alikes (0/O, 1/I): codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Click tokens are kept as SHA-256 only, like session tokens (decision 002). */
export function hashClickToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function affiliateLink(publicUrl: string, code: string, path = '/'): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set(AFFILIATE_REF_PARAM, code);
  return url.toString();
}

export async function findAffiliateByUser(db: Db, userId: string): Promise<AffiliateRow | undefined> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
  return row;
}

/** `affiliate/join`: idempotent; two joins at once still give one membership (unique user). */
export async function joinAffiliateProgramme(deps: AffiliatesDeps, userId: string): Promise<AffiliateMembership> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findAffiliateByUser(deps.db, userId);
    if (existing) return { code: existing.code, link: affiliateLink(deps.publicUrl, existing.code) };
    // A code collision (1 in 32^8 per pair) or a racing join: the loop reads again.
    await deps.db.insert(affiliates).values({ userId, code: newCode(), createdAt: deps.now() }).onConflictDoNothing();
  }
  throw new Error('could not create an affiliate code');
}

const month = (column: unknown) => sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

/** `affiliate/getDashboard`: 404 before joining. Four grouped reads, whatever the history's size. */
export async function getAffiliateDashboard(deps: AffiliatesDeps, userId: string): Promise<AffiliateDashboard> {
  const affiliate = await findAffiliateByUser(deps.db, userId);
  if (!affiliate) throw AppError.notFound(AffiliateMessage.notJoined);
  const [clicks, attributed, earnings] = await Promise.all([
    deps.db
      .select({ month: month(affiliateClicks.createdAt), count: sql<number>`count(*)`.mapWith(Number) })
      .from(affiliateClicks)
      // A repeat visit of the same day is kept for attribution only (decision 012).
      .where(and(eq(affiliateClicks.affiliateId, affiliate.id), isNotNull(affiliateClicks.countedOn)))
      .groupBy(sql`1`),
    deps.db
      .select({ month: month(orders.paidAt), count: sql<number>`count(*)`.mapWith(Number) })
      .from(orderAttributions)
      .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
      .where(and(eq(orderAttributions.affiliateId, affiliate.id), eq(orders.status, 'paid')))
      .groupBy(sql`1`),
    deps.db
      .select({
        month: month(affiliateCommissions.createdAt),
        status: affiliateCommissions.status,
        cents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)`.mapWith(Number),
      })
      .from(affiliateCommissions)
      .where(eq(affiliateCommissions.affiliateId, affiliate.id))
      .groupBy(sql`1`, affiliateCommissions.status),
  ]);

  const months = new Map<string, AffiliateMonth>();
  const monthOf = (key: string) => {
    let row = months.get(key);
    if (!row) {
      row = { month: key, clicks: 0, orders: 0, pendingCents: 0, approvedCents: 0, reversedCents: 0 };
      months.set(key, row);
    }
    return row;
  };
  for (const row of clicks) monthOf(row.month).clicks += row.count;
  for (const row of attributed) monthOf(row.month).orders += row.count;
  for (const row of earnings) monthOf(row.month)[`${row.status}Cents`] += row.cents;
  const byMonth = [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
  const total = (field: keyof Omit<AffiliateMonth, 'month'>) => byMonth.reduce((sum, row) => sum + row[field], 0);
  return {
    code: affiliate.code,
    link: affiliateLink(deps.publicUrl, affiliate.code),
    commissionPercent: AFFILIATE_COMMISSION_PERCENT,
    attributionDays: AFFILIATE_ATTRIBUTION_DAYS,
    clicks: total('clicks'),
    orders: total('orders'),
    pendingCents: total('pendingCents'),
    approvedCents: total('approvedCents'),
    reversedCents: total('reversedCents'),
    currency: DEFAULT_CURRENCY,
    months: byMonth,
  };
}

export type Attribution = { affiliateId: string; clickId: number };

/**
 * The affiliate a checkout is attributed to: the click whose token the buyer's browser holds
 * (the last one it followed), if it is at most 30 days old and not the buyer's own code
 * (self-referral never pays, so it is not attributed at all).
 */
export async function attributionFor(
  deps: Pick<AffiliatesDeps, 'db' | 'now'>,
  clickToken: string | undefined,
  buyerId: string,
): Promise<Attribution | null> {
  if (!clickToken) return null;
  const since = new Date(deps.now().getTime() - AFFILIATE_ATTRIBUTION_DAYS * DAY_MS);
  const [click] = await deps.db
    .select({ clickId: affiliateClicks.id, affiliateId: affiliates.id, affiliateUserId: affiliates.userId })
    .from(affiliateClicks)
    .innerJoin(affiliates, eq(affiliates.id, affiliateClicks.affiliateId))
    .where(and(eq(affiliateClicks.tokenHash, hashClickToken(clickToken)), gt(affiliateClicks.createdAt, since)))
    .limit(1);
  if (!click || click.affiliateUserId === buyerId) return null;
  return { affiliateId: click.affiliateId, clickId: click.clickId };
}
