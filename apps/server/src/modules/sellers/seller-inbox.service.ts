import type { SellerQuestionList, SellerReviewList } from '@everdeal/contracts';
import { products, questions, reviews, users } from '@everdeal/db';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { holdsActiveItem, toAuthor, toReview } from '../community';
import { requireMembership, type SellerDeps } from './seller-access';

// What waits for a seller's answer (requirements §13): questions about their live products that
// no member answered yet, and reviews to reply to. Answers and replies go through the community
// calls (`questions/answerQuestion` gives them the Founder badge, `reviews/replyToReview`).

export const SELLER_INBOX_PAGE_SIZE = 20;

const authorColumns = {
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorAvatarUrl: users.avatarUrl,
};

/** `seller/getQuestions`: oldest first, so the longest wait is answered first. One statement. */
export async function getSellerQuestions(
  deps: SellerDeps,
  userId: string,
  input: { sellerId: number; page: number },
): Promise<SellerQuestionList> {
  await requireMembership(deps.db, userId, input.sellerId);
  const rows = await deps.db
    .select({
      id: questions.id,
      productId: questions.productId,
      productSlug: products.slug,
      productName: products.name,
      title: questions.title,
      body: questions.body,
      answerCount: questions.answerCount,
      createdAt: questions.createdAt,
      ...authorColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(questions)
    .innerJoin(products, eq(products.id, questions.productId))
    .innerJoin(users, eq(users.id, questions.userId))
    .where(
      and(
        eq(products.sellerId, input.sellerId),
        eq(products.isPublished, true),
        // `first_founder_answer_at` is set by the first answer of a member (decision 011).
        isNull(questions.firstFounderAnswerAt),
        // A post an admin hid is in no list (decision 015), nor in the seller's to-do.
        isNull(questions.hiddenAt),
      ),
    )
    .orderBy(asc(questions.createdAt), asc(questions.id))
    .limit(SELLER_INBOX_PAGE_SIZE)
    .offset((input.page - 1) * SELLER_INBOX_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      id: row.id,
      productId: row.productId,
      productSlug: row.productSlug,
      productName: row.productName,
      title: row.title,
      body: row.body,
      author: toAuthor(row),
      answerCount: row.answerCount,
      createdAt: row.createdAt.toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    page: input.page,
    pageSize: SELLER_INBOX_PAGE_SIZE,
  };
}

/** `seller/getReviews`: reviews without a reply first, then newest. One statement. */
export async function getSellerReviews(
  deps: SellerDeps,
  userId: string,
  input: { sellerId: number; page: number },
): Promise<SellerReviewList> {
  await requireMembership(deps.db, userId, input.sellerId);
  const rows = await deps.db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productSlug: products.slug,
      productName: products.name,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      helpfulCount: reviews.helpfulCount,
      sellerReply: reviews.sellerReply,
      sellerRepliedAt: reviews.sellerRepliedAt,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      isVerifiedPurchaser: holdsActiveItem(reviews.userId, reviews.productId),
      ...authorColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(products.sellerId, input.sellerId), eq(products.isPublished, true), isNull(reviews.hiddenAt)))
    .orderBy(sql`${reviews.sellerReply} is not null`, desc(reviews.createdAt), desc(reviews.id))
    .limit(SELLER_INBOX_PAGE_SIZE)
    .offset((input.page - 1) * SELLER_INBOX_PAGE_SIZE);
  return {
    // A seller's review is the public one with its product (contracts' SellerReviewSchema).
    items: rows.map((row) => ({ ...toReview(row), productSlug: row.productSlug, productName: row.productName })),
    total: rows[0]?.total ?? 0,
    page: input.page,
    pageSize: SELLER_INBOX_PAGE_SIZE,
  };
}
