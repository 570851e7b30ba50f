import {
  AppError,
  CommunityMessage,
  type ReportTarget,
  type Thread,
  type ThreadList,
  type ThreadReply,
  type ThreadSummary,
} from '@everdeal/contracts';
import {
  answers,
  contentReports,
  type Db,
  products,
  questions,
  reviews,
  threadReplies,
  threads,
  users,
} from '@everdeal/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import {
  authorColumns,
  type CommunityDeps,
  descAsIndexed,
  isSellerMember,
  type PostsPageQuery,
  readPostsPage,
  requirePublishedProduct,
  toAuthor,
} from './community-shared';

// Community threads with replies (requirements §12), and reports of any community post.

const summaryColumns = {
  id: threads.id,
  productId: threads.productId,
  title: threads.title,
  body: threads.body,
  replyCount: threads.replyCount,
  lastActivityAt: threads.lastActivityAt,
  createdAt: threads.createdAt,
  ...authorColumns,
};

export type SummaryRow = {
  id: number;
  productId: number;
  title: string;
  body: string;
  replyCount: number;
  lastActivityAt: Date;
  createdAt: Date;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatarUrl: string | null;
};

export function toSummary(row: SummaryRow): ThreadSummary {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    body: row.body,
    author: toAuthor(row),
    replyCount: row.replyCount,
    lastActivityAt: row.lastActivityAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `community/getThreads`: latest activity first, one statement for the page and its total; it
 * walks `threads_product_activity_idx` and stops after the page (community-shared.ts). A thread
 * an admin hid (requirements §13, decision 015) is in no read.
 */
export function getThreads({ db }: CommunityDeps, query: PostsPageQuery): Promise<ThreadList> {
  return readPostsPage(db, query, {
    shape: 'threads',
    table: threads,
    visible: (productId) => and(eq(threads.productId, productId), isNull(threads.hiddenAt)),
    read: ({ visible, total, limit, offset }) =>
      db
        .select({ ...summaryColumns, total })
        .from(threads)
        .innerJoin(users, eq(users.id, threads.userId))
        .where(visible)
        .orderBy(descAsIndexed(threads.lastActivityAt), descAsIndexed(threads.id))
        .limit(limit)
        .offset(offset),
    toItem: toSummary,
  });
}

/** `community/getThread`: the thread and its replies, oldest first (two statements). */
export async function getThread({ db }: CommunityDeps, id: number): Promise<Thread> {
  const [row] = await db
    .select(summaryColumns)
    .from(threads)
    .innerJoin(products, eq(products.id, threads.productId))
    .innerJoin(users, eq(users.id, threads.userId))
    .where(and(eq(threads.id, id), eq(products.isPublished, true), isNull(threads.hiddenAt)))
    .limit(1);
  if (!row) throw AppError.notFound(CommunityMessage.threadNotFound);
  const replies = await db
    .select({
      id: threadReplies.id,
      body: threadReplies.body,
      isFounder: threadReplies.isFounder,
      createdAt: threadReplies.createdAt,
      ...authorColumns,
    })
    .from(threadReplies)
    .innerJoin(users, eq(users.id, threadReplies.userId))
    .where(eq(threadReplies.threadId, id))
    .orderBy(asc(threadReplies.id));
  return {
    ...toSummary(row),
    replies: replies.map(
      (reply): ThreadReply => ({
        id: reply.id,
        body: reply.body,
        author: toAuthor(reply),
        isFounder: reply.isFounder,
        createdAt: reply.createdAt.toISOString(),
      }),
    ),
  };
}

/** `community/createThread`. */
export async function createThread(
  deps: CommunityDeps,
  userId: string,
  input: { productId: number; title: string; body: string },
): Promise<Thread> {
  await requirePublishedProduct(deps.db, input.productId);
  const now = deps.now();
  const [created] = await deps.db
    .insert(threads)
    .values({ ...input, userId, lastActivityAt: now, createdAt: now })
    .returning({ id: threads.id });
  if (!created) throw new Error('insert into threads returned no row');
  deps.catalogChanged(changedBy.communityPost(input.productId));
  return getThread(deps, created.id);
}

/** `community/reply`: the reply and the thread's count and activity time in one transaction. */
export async function replyToThread(
  deps: CommunityDeps,
  userId: string,
  input: { threadId: number; body: string },
): Promise<ThreadReply> {
  const [thread] = await deps.db
    .select({ id: threads.id, productId: threads.productId, sellerId: products.sellerId })
    .from(threads)
    .innerJoin(products, eq(products.id, threads.productId))
    .where(and(eq(threads.id, input.threadId), eq(products.isPublished, true), isNull(threads.hiddenAt)));
  if (!thread) throw AppError.notFound(CommunityMessage.threadNotFound);
  const isFounder = await isSellerMember(deps.db, thread.sellerId, userId);
  const now = deps.now();
  const reply = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(threadReplies)
      .values({ threadId: thread.id, userId, body: input.body, isFounder, createdAt: now })
      .returning();
    await tx
      .update(threads)
      .set({ replyCount: sql`${threads.replyCount} + 1`, lastActivityAt: now })
      .where(eq(threads.id, thread.id));
    return created;
  });
  if (!reply) throw new Error('insert into thread_replies returned no row');
  // The thread's reply count and activity date on the product page.
  deps.catalogChanged(changedBy.communityPost(thread.productId));
  const [author] = await deps.db.select(authorColumns).from(users).where(eq(users.id, userId));
  return {
    id: reply.id,
    body: reply.body,
    author: toAuthor(author ?? { authorFirstName: null, authorLastName: null, authorAvatarUrl: null }),
    isFounder,
    createdAt: reply.createdAt.toISOString(),
  };
}

/** Whether a reported post exists under a published product and is not hidden (decision 015). */
async function reportTargetExists(db: Db, target: ReportTarget, id: number): Promise<boolean> {
  const published = eq(products.isPublished, true);
  const query = (() => {
    switch (target) {
      case 'review':
        return db
          .select({ id: reviews.id })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(and(eq(reviews.id, id), published, isNull(reviews.hiddenAt)));
      case 'question':
        return db
          .select({ id: questions.id })
          .from(questions)
          .innerJoin(products, eq(products.id, questions.productId))
          .where(and(eq(questions.id, id), published, isNull(questions.hiddenAt)));
      case 'answer':
        return db
          .select({ id: answers.id })
          .from(answers)
          .innerJoin(questions, eq(questions.id, answers.questionId))
          .innerJoin(products, eq(products.id, questions.productId))
          .where(and(eq(answers.id, id), published, isNull(answers.hiddenAt)));
      case 'thread':
        return db
          .select({ id: threads.id })
          .from(threads)
          .innerJoin(products, eq(products.id, threads.productId))
          .where(and(eq(threads.id, id), published, isNull(threads.hiddenAt)));
    }
  })();
  return (await query.limit(1)).length > 0;
}

const notFoundOf: Record<ReportTarget, string> = {
  review: CommunityMessage.reviewNotFound,
  question: CommunityMessage.questionNotFound,
  answer: CommunityMessage.answerNotFound,
  thread: CommunityMessage.threadNotFound,
};

/**
 * `community/report`: one report per user and post (409 for a second); the post stays online and
 * the report waits in `content_reports` for the admin queue (decision 015).
 */
export async function reportContent(
  deps: CommunityDeps,
  userId: string,
  input: { target: ReportTarget; id: number; reason: string },
): Promise<{ message: string }> {
  if (!(await reportTargetExists(deps.db, input.target, input.id))) {
    throw AppError.notFound(notFoundOf[input.target]);
  }
  const [created] = await deps.db
    .insert(contentReports)
    .values({ userId, targetKind: input.target, targetId: input.id, reason: input.reason, createdAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (!created) throw AppError.conflict(CommunityMessage.alreadyReported);
  return { message: CommunityMessage.reported };
}
