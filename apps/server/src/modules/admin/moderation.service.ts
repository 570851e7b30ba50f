import {
  ADMIN_PAGE_SIZE,
  AdminMessage,
  AppError,
  type ModerateInputSchema,
  type ModerateResult,
  type ModerationTarget,
  type ReportedPost,
  type ReportedPostList,
} from '@everdeal/contracts';
import { answers, contentReports, type Db, products, questions, reviews, threads, users } from '@everdeal/db';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { changedBy } from '../../lib/cache-tags';
import { queryRows } from '../../lib/query-rows';
import { type AdminActor, recordAdminAction, type Tx } from '../audit';
import { queueMail } from '../mail';
import { postModeratedMail } from './admin.mail';
import type { AdminDeps } from './admin-deps';

// The moderation queue (requirements §13, decision 015): reported reviews, questions, answers and
// threads, one entry per post, the longest waiting first. Hiding keeps what the author wrote but
// takes it out of every public read and count; restoring brings it back; dismissing keeps it.

/** What the queue shows of a post, whatever its kind. */
type PostFacts = {
  id: number;
  userId: string;
  title: string | null;
  text: string;
  productId: number;
  productSlug: string;
  productName: string;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** The review's stars, which the product's rating total holds while it is visible. */
  rating: number | null;
  /** The answer's question, whose answer count holds it while it is visible. */
  questionId: number | null;
};

const productColumns = { productId: products.id, productSlug: products.slug, productName: products.name };

/** The posts of one kind by id; `lock` takes the rows for the change (FOR UPDATE of the post). */
async function loadPosts(db: Db | Tx, kind: ModerationTarget, ids: number[], lock = false): Promise<PostFacts[]> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'review': {
      const query = db
        .select({
          id: reviews.id,
          userId: reviews.userId,
          title: reviews.title,
          text: reviews.body,
          hiddenAt: reviews.hiddenAt,
          hiddenReason: reviews.hiddenReason,
          rating: reviews.rating,
          questionId: sql<number | null>`null::int`,
          ...productColumns,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(inArray(reviews.id, ids));
      return lock ? query.for('update', { of: reviews }) : query;
    }
    case 'question': {
      const query = db
        .select({
          id: questions.id,
          userId: questions.userId,
          title: questions.title,
          text: questions.body,
          hiddenAt: questions.hiddenAt,
          hiddenReason: questions.hiddenReason,
          rating: sql<number | null>`null::int`,
          questionId: sql<number | null>`null::int`,
          ...productColumns,
        })
        .from(questions)
        .innerJoin(products, eq(products.id, questions.productId))
        .where(inArray(questions.id, ids));
      return lock ? query.for('update', { of: questions }) : query;
    }
    case 'answer': {
      const query = db
        .select({
          id: answers.id,
          userId: answers.userId,
          title: sql<string | null>`null::text`,
          text: answers.body,
          hiddenAt: answers.hiddenAt,
          hiddenReason: answers.hiddenReason,
          rating: sql<number | null>`null::int`,
          questionId: answers.questionId,
          ...productColumns,
        })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .innerJoin(products, eq(products.id, questions.productId))
        .where(inArray(answers.id, ids));
      return lock ? query.for('update', { of: answers }) : query;
    }
    case 'thread': {
      const query = db
        .select({
          id: threads.id,
          userId: threads.userId,
          title: threads.title,
          text: threads.body,
          hiddenAt: threads.hiddenAt,
          hiddenReason: threads.hiddenReason,
          rating: sql<number | null>`null::int`,
          questionId: sql<number | null>`null::int`,
          ...productColumns,
        })
        .from(threads)
        .innerJoin(products, eq(products.id, threads.productId))
        .where(inArray(threads.id, ids));
      return lock ? query.for('update', { of: threads }) : query;
    }
  }
}

type ReportGroup = {
  target_kind: ModerationTarget;
  target_id: number;
  report_count: number;
  reasons: string[] | null;
  first_reported_at: string | Date;
  total: number;
};

/** `admin/getReports`: one entry per reported post with open reports, the longest waiting first. */
export async function getReports(db: Db, input: { page: number }): Promise<ReportedPostList> {
  const rows = await queryRows<ReportGroup>(
    db,
    sql`
    select target_kind, target_id, count(*)::int as report_count,
      array_agg(reason order by created_at) filter (where reason <> '') as reasons,
      min(created_at) as first_reported_at, count(*) over ()::int as total
    from ${contentReports}
    where resolved_at is null
    group by target_kind, target_id
    order by min(created_at), target_kind, target_id
    limit ${ADMIN_PAGE_SIZE} offset ${(input.page - 1) * ADMIN_PAGE_SIZE}`,
  );
  const kinds = ['review', 'question', 'answer', 'thread'] as const;
  const posts = new Map<string, PostFacts>();
  for (const kind of kinds) {
    const ids = rows.filter((row) => row.target_kind === kind).map((row) => Number(row.target_id));
    for (const post of await loadPosts(db, kind, ids)) posts.set(`${kind}:${post.id}`, post);
  }
  const authorIds = [...new Set([...posts.values()].map((post) => post.userId))];
  const authors = new Map(
    (authorIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, authorIds))
    ).map((author) => [author.id, author]),
  );
  const reports = await loadOpenReports(db, rows);
  const items: ReportedPost[] = [];
  for (const row of rows) {
    const post = posts.get(`${row.target_kind}:${row.target_id}`);
    // A report of a post deleted since (its product went, say) has nothing left to decide.
    if (!post) continue;
    const author = authors.get(post.userId);
    items.push({
      targetKind: row.target_kind,
      targetId: post.id,
      title: post.title,
      text: post.text,
      authorEmail: author?.email ?? '',
      authorName: [author?.firstName, author?.lastName].filter(Boolean).join(' '),
      productSlug: post.productSlug,
      productName: post.productName,
      isHidden: post.hiddenAt !== null,
      reportCount: Number(row.report_count),
      reasons: row.reasons ?? [],
      reports: reports.get(`${row.target_kind}:${row.target_id}`) ?? [],
      firstReportedAt: new Date(row.first_reported_at).toISOString(),
    });
  }
  return { items, total: Number(rows[0]?.total ?? 0), page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

/** The open reports of the listed posts with their reporters, so the admin sees who wrote which reason. */
async function loadOpenReports(db: Db, rows: ReportGroup[]): Promise<Map<string, ReportedPost['reports']>> {
  const byPost = new Map<string, ReportedPost['reports']>();
  const targets = rows.map((row) =>
    and(eq(contentReports.targetKind, row.target_kind), eq(contentReports.targetId, Number(row.target_id))),
  );
  if (targets.length === 0) return byPost;
  const found = await db
    .select({
      targetKind: contentReports.targetKind,
      targetId: contentReports.targetId,
      reason: contentReports.reason,
      createdAt: contentReports.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(contentReports)
    .innerJoin(users, eq(users.id, contentReports.userId))
    .where(and(isNull(contentReports.resolvedAt), or(...targets)))
    .orderBy(asc(contentReports.createdAt), asc(contentReports.id));
  for (const report of found) {
    const key = `${report.targetKind}:${report.targetId}`;
    const list = byPost.get(key) ?? [];
    list.push({
      reason: report.reason,
      reporterEmail: report.email,
      reporterName: [report.firstName, report.lastName].filter(Boolean).join(' '),
      reportedAt: new Date(report.createdAt).toISOString(),
    });
    byPost.set(key, list);
  }
  return byPost;
}

const tableOf = { review: reviews, question: questions, answer: answers, thread: threads } as const;

/** Takes a post out of (`-1`) or back into (`+1`) the counts that hold it. */
async function moveCounts(tx: Tx, kind: ModerationTarget, post: PostFacts, sign: 1 | -1): Promise<void> {
  if (kind === 'review' && post.rating !== null) {
    await tx
      .update(products)
      .set({
        reviewCount: sql`${products.reviewCount} + ${sign}`,
        ratingTotal: sql`${products.ratingTotal} + ${sign * post.rating}`,
      })
      .where(eq(products.id, post.productId));
  }
  if (kind === 'answer' && post.questionId !== null) {
    await tx
      .update(questions)
      .set({ answerCount: sql`${questions.answerCount} + ${sign}` })
      .where(eq(questions.id, post.questionId));
  }
}

async function resolveReports(tx: Tx, kind: ModerationTarget, id: number, at: Date): Promise<number> {
  const resolved = await tx
    .update(contentReports)
    .set({ resolvedAt: at })
    .where(and(eq(contentReports.targetKind, kind), eq(contentReports.targetId, id), isNull(contentReports.resolvedAt)))
    .returning({ id: contentReports.id });
  return resolved.length;
}

function postLink(publicUrl: string, kind: ModerationTarget, post: PostFacts): string {
  const product = `${publicUrl}/products/${post.productSlug}`;
  if (kind === 'review') return `${product}/reviews`;
  if (kind === 'question') return `${product}/question/${post.id}`;
  if (kind === 'answer') return `${product}/question/${post.questionId}`;
  return product;
}

/**
 * `admin/moderate`: hide (a reason required, which the author reads), restore, or dismiss the
 * reports. Hiding and restoring resolve the post's open reports, move the counts that hold it
 * (a review's stars, an answer's question) and mail the author; every action is audited.
 */
export async function moderatePost(
  deps: AdminDeps,
  actor: AdminActor,
  input: z.output<typeof ModerateInputSchema>,
): Promise<ModerateResult> {
  const reason = input.reason || null;
  if (input.action === 'hide' && !reason) throw AppError.validation(AdminMessage.hideNeedsReason);
  const at = deps.now();
  const kind = input.targetKind;
  const { result, queued, productId } = await deps.db.transaction(async (tx) => {
    const [post] = await loadPosts(tx, kind, [input.targetId], true);
    if (!post) throw AppError.notFound(AdminMessage.postNotFound);
    const table = tableOf[kind];
    const before = { hiddenAt: post.hiddenAt?.toISOString() ?? null, hiddenReason: post.hiddenReason };
    if (input.action === 'dismiss') {
      const resolvedReports = await resolveReports(tx, kind, post.id, at);
      if (resolvedReports === 0) throw AppError.conflict(AdminMessage.noOpenReports);
      await recordAdminAction(
        tx,
        actor,
        {
          action: `${kind}.dismiss`,
          targetKind: kind,
          targetId: post.id,
          reason,
          before: { openReports: resolvedReports },
          after: { openReports: 0 },
        },
        at,
      );
      return { result: { isHidden: post.hiddenAt !== null, resolvedReports }, queued: [], productId: post.productId };
    }
    const hide = input.action === 'hide';
    if (hide && post.hiddenAt) throw AppError.conflict(AdminMessage.alreadyHidden);
    if (!hide && !post.hiddenAt) throw AppError.conflict(AdminMessage.notHidden);
    const after = { hiddenAt: hide ? at.toISOString() : null, hiddenReason: hide ? reason : null };
    await tx
      .update(table)
      .set({ hiddenAt: hide ? at : null, hiddenReason: after.hiddenReason })
      .where(eq(table.id, post.id));
    await moveCounts(tx, kind, post, hide ? -1 : 1);
    const resolvedReports = await resolveReports(tx, kind, post.id, at);
    await recordAdminAction(
      tx,
      actor,
      { action: `${kind}.${input.action}`, targetKind: kind, targetId: post.id, reason, before, after },
      at,
    );
    const [author] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, post.userId));
    const notice = author && {
      // A post is hidden or restored once at a time (the checks above): the action and its moment are the event.
      key: `post-moderated:${kind}:${post.id}:${at.toISOString()}`,
      kind: 'post-moderated',
      to: author.email,
      userId: author.id,
      message: postModeratedMail(
        author,
        { kind, productName: post.productName, link: postLink(deps.brand.publicUrl, kind, post) },
        input.action,
        reason,
        deps.brand,
      ),
    };
    return {
      result: { isHidden: hide, resolvedReports },
      queued: await queueMail(tx, notice ? [notice] : [], at),
      productId: post.productId,
    };
  });
  deps.outbox.deliver(queued);
  // The product's pages and counts; a review's rating moves the lists by rating too (decision 044).
  if (input.action !== 'dismiss') {
    deps.catalogChanged(kind === 'review' ? changedBy.review(productId) : changedBy.communityPost(productId));
  }
  return result;
}
