import {
  AppError,
  CommunityMessage,
  type HelpfulResult,
  type MyReview,
  type Review,
  type ReviewList,
  type ReviewSort,
} from '@everdeal/contracts';
import { type Db, products, reviewHelpfulVotes, reviews, type UserRow, users } from '@everdeal/db';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import {
  authorColumns,
  type CommunityDeps,
  descAsIndexed,
  holdsActiveItem,
  isSellerMember,
  isVerifiedPurchaser,
  type PostsPageQuery,
  readPostsPage,
  requirePublishedProduct,
  toAuthor,
} from './community-shared';

// Reviews (requirements §12, §15, decision 011): verified purchasers only, one per product and
// user (editable), helpful votes once per user and never one's own, the seller's reply. The
// product's review_count and rating_total change in the same transaction as the review. A review
// an admin hid (requirements §13, decision 015) is in no public list, vote or count: admin/moderate
// takes it out of review_count and rating_total and puts it back on restore.

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  helpfulCount: reviews.helpfulCount,
  sellerReply: reviews.sellerReply,
  sellerRepliedAt: reviews.sellerRepliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  ...authorColumns,
  // Read live: a reviewer who refunded the product keeps the review but loses the badge.
  isVerifiedPurchaser: holdsActiveItem(reviews.userId, reviews.productId),
};

export type ReviewRow = {
  id: number;
  productId: number;
  rating: number;
  title: string;
  body: string;
  helpfulCount: number;
  sellerReply: string | null;
  sellerRepliedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatarUrl: string | null;
  isVerifiedPurchaser: boolean;
};

export function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: toAuthor(row),
    isVerifiedPurchaser: row.isVerifiedPurchaser,
    helpfulCount: row.helpfulCount,
    sellerReply: row.sellerReply,
    sellerRepliedAt: row.sellerRepliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Each sort walks one index (`reviews_product_*_idx`, migrations 0011 and 0017; community-shared.ts,
 * "How a list call reads one page") to the page's end: newest, most helpful, lowest
 * `(rating, created_at desc, id desc)` and highest `(rating desc, created_at desc, id desc)`.
 */
function orderFor(sort: ReviewSort): SQL[] {
  switch (sort) {
    case 'highest':
      return [descAsIndexed(reviews.rating), descAsIndexed(reviews.createdAt), descAsIndexed(reviews.id)];
    case 'lowest':
      return [asc(reviews.rating), descAsIndexed(reviews.createdAt), descAsIndexed(reviews.id)];
    case 'helpful':
      return [descAsIndexed(reviews.helpfulCount), descAsIndexed(reviews.id)];
    default:
      return [descAsIndexed(reviews.createdAt), descAsIndexed(reviews.id)];
  }
}

/**
 * `reviews/getReviews`: one statement for the page with its total, authors and badges, whatever
 * the page size; a page with no row adds one to tell an unknown product (404) from an empty list.
 */
export function getReviews(
  { db }: Pick<CommunityDeps, 'db'>,
  query: PostsPageQuery & { sort: ReviewSort },
): Promise<ReviewList> {
  return readPostsPage(db, query, {
    shape: `reviews ${query.sort}`,
    table: reviews,
    visible: (productId) => and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)),
    read: ({ visible, total, limit, offset }) =>
      db
        .select({ ...reviewColumns, total })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(visible)
        .orderBy(...orderFor(query.sort))
        .limit(limit)
        .offset(offset),
    toItem: toReview,
    totalPastEnd: () => countForEmptyPage(db, query.slug),
  });
}

/** The review count of a published product by slug (a page past the end), or 404. */
async function countForEmptyPage(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .select({ count: products.reviewCount })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.isPublished, true)))
    .limit(1);
  if (!row) throw AppError.notFound(CommunityMessage.productNotFound);
  return row.count;
}

async function loadReview(db: Db, where: SQL): Promise<Review | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .limit(1);
  return row ? toReview(row) : null;
}

async function requireReview(db: Db, reviewId: number): Promise<Review> {
  const review = await loadReview(db, eq(reviews.id, reviewId));
  if (!review) throw AppError.notFound(CommunityMessage.reviewNotFound);
  return review;
}

const ownReviewOf = (userId: string, productId: number) =>
  and(eq(reviews.userId, userId), eq(reviews.productId, productId)) as SQL;

/** `reviews/getMyReview`: what the review form needs to open as "write" or "edit". */
export async function getMyReview(deps: CommunityDeps, userId: string, productId: number): Promise<MyReview> {
  await requirePublishedProduct(deps.db, productId);
  const [own, canReview] = await Promise.all([
    deps.db
      .select({ ...reviewColumns, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(ownReviewOf(userId, productId))
      .limit(1),
    isVerifiedPurchaser(deps.db, userId, productId),
  ]);
  const row = own[0];
  return { review: row ? toReview(row) : null, canReview, isHidden: row?.hiddenAt != null };
}

type ReviewInput = { productId: number; rating: number; title: string; body: string };

/** `reviews/addReview`: 403 unless a verified purchaser, 409 for a second review of the product. */
export async function addReview(deps: CommunityDeps, user: UserRow, input: ReviewInput): Promise<Review> {
  await requirePublishedProduct(deps.db, input.productId);
  if (!(await isVerifiedPurchaser(deps.db, user.id, input.productId))) {
    throw AppError.forbidden(CommunityMessage.verifiedOnly);
  }
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: user.id,
        rating: input.rating,
        title: input.title,
        body: input.body,
        createdAt: now,
        updatedAt: now,
      })
      // The unique (product, user) key decides between two concurrent first reviews.
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!created) throw AppError.conflict(CommunityMessage.alreadyReviewed);
    await tx
      .update(products)
      .set({
        reviewCount: sql`${products.reviewCount} + 1`,
        ratingTotal: sql`${products.ratingTotal} + ${input.rating}`,
      })
      .where(eq(products.id, input.productId));
  });
  deps.catalogChanged(changedBy.review(input.productId));
  return (await loadReview(deps.db, ownReviewOf(user.id, input.productId))) as Review;
}

/** `reviews/updateReview`: the caller's own review, the product's rating total moved by the difference. */
export async function updateReview(deps: CommunityDeps, user: UserRow, input: ReviewInput): Promise<Review> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: reviews.id, rating: reviews.rating, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(ownReviewOf(user.id, input.productId))
      .for('update');
    if (!before) throw AppError.notFound(CommunityMessage.noReviewToEdit);
    await tx
      .update(reviews)
      .set({ rating: input.rating, title: input.title, body: input.body, updatedAt: now })
      .where(eq(reviews.id, before.id));
    // A hidden review is not in the product's total (admin/moderate), so its edit moves nothing.
    if (before.rating !== input.rating && before.hiddenAt === null) {
      await tx
        .update(products)
        .set({ ratingTotal: sql`${products.ratingTotal} + ${input.rating - before.rating}` })
        .where(eq(products.id, input.productId));
    }
  });
  deps.catalogChanged(changedBy.review(input.productId));
  return (await loadReview(deps.db, ownReviewOf(user.id, input.productId))) as Review;
}

/**
 * `reviews/markHelpful`: one vote per user (a second call changes nothing), never on one's own
 * review; the vote row and the counter move in one transaction.
 */
export async function markHelpful(deps: CommunityDeps, userId: string, reviewId: number): Promise<HelpfulResult> {
  const [review] = await deps.db
    .select({ userId: reviews.userId, productId: reviews.productId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.id, reviewId), eq(products.isPublished, true), isNull(reviews.hiddenAt)));
  if (!review) throw AppError.notFound(CommunityMessage.reviewNotFound);
  if (review.userId === userId) throw AppError.forbidden(CommunityMessage.ownReviewHelpful);
  const { helpfulCount, counted } = await deps.db.transaction(async (tx) => {
    const [vote] = await tx
      .insert(reviewHelpfulVotes)
      .values({ reviewId, userId, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ reviewId: reviewHelpfulVotes.reviewId });
    const [row] = vote
      ? await tx
          .update(reviews)
          .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
          .where(eq(reviews.id, reviewId))
          .returning({ helpfulCount: reviews.helpfulCount })
      : await tx.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, reviewId));
    return { helpfulCount: row?.helpfulCount ?? 0, counted: vote !== undefined };
  });
  // The "most helpful" order of the product page and the reviews page moves with the count.
  if (counted) deps.catalogChanged(changedBy.communityPost(review.productId));
  return { helpfulCount, isHelpful: true };
}

/** `reviews/replyToReview`: a member of the product's seller only; a second reply replaces the first. */
export async function replyToReview(
  deps: CommunityDeps,
  userId: string,
  input: { reviewId: number; body: string },
): Promise<Review> {
  const [target] = await deps.db
    .select({ sellerId: products.sellerId, productId: reviews.productId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.id, input.reviewId), eq(products.isPublished, true), isNull(reviews.hiddenAt)));
  if (!target) throw AppError.notFound(CommunityMessage.reviewNotFound);
  if (!(await isSellerMember(deps.db, target.sellerId, userId))) throw AppError.forbidden(CommunityMessage.sellerOnly);
  await deps.db
    .update(reviews)
    .set({ sellerReply: input.body, sellerRepliedAt: deps.now() })
    .where(eq(reviews.id, input.reviewId));
  deps.catalogChanged(changedBy.communityPost(target.productId));
  return requireReview(deps.db, input.reviewId);
}
