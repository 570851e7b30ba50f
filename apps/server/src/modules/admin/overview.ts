import type { AdminOverview } from '@everdeal/contracts';
import { contentReports, type Db, products, sellerApplications } from '@everdeal/db';
import { count, eq, isNull } from 'drizzle-orm';

/** `admin/getOverview`: the three queues an admin works through, each counted by its own index. */
export async function getAdminOverview(db: Db): Promise<AdminOverview> {
  const [[applications], [awaiting], [reports]] = await Promise.all([
    db.select({ n: count() }).from(sellerApplications).where(eq(sellerApplications.status, 'open')),
    db.select({ n: count() }).from(products).where(eq(products.reviewStatus, 'submitted')),
    // One report per user and item: several users reporting one post are one decision, but the
    // queue shows each report, so the count is of reports.
    db.select({ n: count() }).from(contentReports).where(isNull(contentReports.resolvedAt)),
  ]);
  return {
    openApplications: applications?.n ?? 0,
    productsAwaitingReview: awaiting?.n ?? 0,
    openReports: reports?.n ?? 0,
  };
}
