import { AppError, CommunityMessage, type ProductCommunityPreview } from '@everdeal/contracts';
import { products, productUpdates, questions, reviews, threads, users } from '@everdeal/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../lib/prepared';
import { type CommunityDeps, holdsActiveItem } from './community-shared';
import { type SummaryRow as QuestionRow, topAnswer, toSummary as toQuestionSummary } from './questions.service';
import { type ReviewRow, toReview } from './reviews.service';
import { type SummaryRow as ThreadRow, toSummary as toThreadSummary } from './threads.service';
import { toUpdate, type UpdateRow } from './updates.service';

// The product page's community previews (requirements §12): the first few posts of each list
// with the list's total, as `getReviews` (most helpful first), `getQuestions`, `getUpdates` and
// `getThreads` answer their first page, in one prepared statement. Four list calls cost the page
// four to eight round trips, each parsed and planned anew (docs/benchmarks.md, "Server rendering
// without the page cache"); the page has loaded the product already, so its id is all this needs.
// Each list is a JSON sub-select that walks its index of migration 0011 (`*_product_*_idx`) and
// stops after its page: its ORDER BY says `nulls last` as the index does (the columns are NOT
// NULL, so the order is the list call's), or PostgreSQL reads every post of the product and sorts
// them. Posts an admin hid (decision 015) are in no list and no total.

/** How many posts of each kind the product page shows. */
export const PREVIEW_SIZES = { reviews: 3, questions: 3, updates: 2, threads: 3 } as const;

/**
 * A page size written into the statement's text, not passed as a value: a prepared statement's
 * generic plan reads a LIMIT parameter as "a tenth of the rows" (`rowCount` in lib/prepared.ts).
 */
const limitOf = (kind: keyof typeof PREVIEW_SIZES) => sql.raw(String(PREVIEW_SIZES[kind]));

// Names are written by hand, with aliases: drizzle writes a statement without joins with bare
// column names, which inside these sub-selects would name the post's columns, not the product's.
const productId = sql`${products}.id`;

const authorOf = (alias: string) => {
  const u = sql.raw(alias);
  return sql`'authorFirstName', ${u}.first_name, 'authorLastName', ${u}.last_name, 'authorAvatarUrl', ${u}.avatar_url`;
};

/** `json_agg` of nothing is null; an empty list is `[]`. */
const listOf = <T>(query: SQL) => sql<T[]>`coalesce((${query}), '[]'::json)`;

const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

/** A post as its JSON object carries it: times as text. */
type AsJson<Row> = {
  [K in keyof Row]: Row[K] extends Date ? string : Row[K] extends Date | null ? string | null : Row[K];
};

const reviewsJson = listOf<AsJson<ReviewRow>>(sql`
  select json_agg(json_build_object(
    'id', r.id, 'productId', r.product_id, 'rating', r.rating, 'title', r.title, 'body', r.body,
    'helpfulCount', r.helpful_count, 'sellerReply', r.seller_reply, 'sellerRepliedAt', r.seller_replied_at,
    'createdAt', r.created_at, 'updatedAt', r.updated_at, ${authorOf('u')},
    'isVerifiedPurchaser', ${holdsActiveItem(sql`r.user_id`, sql`r.product_id`)}
  ) order by r.helpful_count desc, r.id desc)
  from (
    select * from ${reviews} r where r.product_id = ${productId} and r.hidden_at is null
    order by r.helpful_count desc nulls last, r.id desc nulls last limit ${limitOf('reviews')}
  ) r join ${users} u on u.id = r.user_id`);

const reviewTotal = countOf(
  sql`select count(*) from ${reviews} r where r.product_id = ${productId} and r.hidden_at is null`,
);

// The questions are read under their table's own name: `topAnswer` refers to "questions".
const questionsJson = listOf<AsJson<QuestionRow>>(sql`
  select json_agg(json_build_object(
    'id', q.id, 'productId', q.product_id, 'title', q.title, 'body', q.body, 'answerCount', q.answer_count,
    'firstFounderAnswerAt', q.first_founder_answer_at, 'createdAt', q.created_at, ${authorOf('u')},
    'topAnswer', q.top_answer
  ) order by q.created_at desc, q.id desc)
  from (
    select ${questions}.*, ${topAnswer} as top_answer from ${questions}
    where ${questions}.product_id = ${productId} and ${questions}.hidden_at is null
    order by ${questions}.created_at desc nulls last, ${questions}.id desc nulls last limit ${limitOf('questions')}
  ) q join ${users} u on u.id = q.user_id`);

const questionTotal = countOf(
  sql`select count(*) from ${questions} q where q.product_id = ${productId} and q.hidden_at is null`,
);

// Updates are the seller's own posts: there is nothing to moderate.
const updatesJson = listOf<AsJson<Omit<UpdateRow, 'productSlug' | 'productName'>>>(sql`
  select json_agg(json_build_object(
    'id', pu.id, 'productId', pu.product_id, 'title', pu.title, 'body', pu.body, 'createdAt', pu.created_at
  ) order by pu.created_at desc, pu.id desc)
  from (
    select * from ${productUpdates} pu where pu.product_id = ${productId}
    order by pu.created_at desc nulls last, pu.id desc nulls last limit ${limitOf('updates')}
  ) pu`);

const updateTotal = countOf(sql`select count(*) from ${productUpdates} pu where pu.product_id = ${productId}`);

const threadsJson = listOf<AsJson<ThreadRow>>(sql`
  select json_agg(json_build_object(
    'id', t.id, 'productId', t.product_id, 'title', t.title, 'body', t.body, 'replyCount', t.reply_count,
    'lastActivityAt', t.last_activity_at, 'createdAt', t.created_at, ${authorOf('u')}
  ) order by t.last_activity_at desc, t.id desc)
  from (
    select * from ${threads} t where t.product_id = ${productId} and t.hidden_at is null
    order by t.last_activity_at desc nulls last, t.id desc nulls last limit ${limitOf('threads')}
  ) t join ${users} u on u.id = t.user_id`);

const threadTotal = countOf(
  sql`select count(*) from ${threads} t where t.product_id = ${productId} and t.hidden_at is null`,
);

/** The four previews of a published product (`productId`), one row; none for another product. */
const previewStatement = preparedPerDatabase((db) =>
  db
    .select({
      slug: products.slug,
      name: products.name,
      reviews: reviewsJson,
      reviewTotal,
      questions: questionsJson,
      questionTotal,
      updates: updatesJson,
      updateTotal,
      threads: threadsJson,
      threadTotal,
    })
    .from(products)
    // "Published" as the bare column: only the product id is a value (catalog-query.sql.ts, `isPublished`).
    .where(and(eq(products.id, sql.placeholder('productId')), sql`${products.isPublished}`))
    .prepare('community_preview'),
);

const dateOf = (text: string) => new Date(text);

/**
 * The community previews of the product page for a published product it has loaded: what the
 * four list calls answer for their first page, in one round trip. 404 for another product.
 */
export async function getCommunityPreview(
  { db }: Pick<CommunityDeps, 'db'>,
  id: number,
): Promise<ProductCommunityPreview> {
  const [row] = await previewStatement(db).execute({ productId: id });
  if (!row) throw AppError.notFound(CommunityMessage.productNotFound);
  return {
    reviews: {
      items: row.reviews.map((review) =>
        toReview({
          ...review,
          sellerRepliedAt: review.sellerRepliedAt === null ? null : dateOf(review.sellerRepliedAt),
          createdAt: dateOf(review.createdAt),
          updatedAt: dateOf(review.updatedAt),
        }),
      ),
      total: row.reviewTotal,
    },
    questions: {
      items: row.questions.map((question) =>
        toQuestionSummary({
          ...question,
          firstFounderAnswerAt: question.firstFounderAnswerAt === null ? null : dateOf(question.firstFounderAnswerAt),
          createdAt: dateOf(question.createdAt),
        }),
      ),
      total: row.questionTotal,
    },
    updates: {
      items: row.updates.map((update) =>
        toUpdate({ ...update, productSlug: row.slug, productName: row.name, createdAt: dateOf(update.createdAt) }),
      ),
      total: row.updateTotal,
    },
    threads: {
      items: row.threads.map((thread) =>
        toThreadSummary({
          ...thread,
          lastActivityAt: dateOf(thread.lastActivityAt),
          createdAt: dateOf(thread.createdAt),
        }),
      ),
      total: row.threadTotal,
    },
  };
}
