import {
  type Answer,
  AppError,
  CommunityMessage,
  type Question,
  type QuestionList,
  type QuestionSummary,
} from '@everdeal/contracts';
import { answers, type Db, products, questions, users } from '@everdeal/db';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
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
import { queueAnswerMail, queueNewQuestionMails } from './question-mail';

// Questions and answers (requirements §12, §15): any signed-in user asks and answers; an answer
// by a member of the product's seller carries the "Founder" badge; the asker accepts one answer.
// A post an admin hid (requirements §13, decision 015) is in no read and no count; answer_count
// leaves hidden answers out (admin/moderate moves it).

export type AnswerRow = {
  id: number;
  questionId: number;
  body: string;
  isFounder: boolean;
  isAccepted: boolean;
  createdAt: Date | string;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatarUrl: string | null;
};

function toAnswer(row: AnswerRow): Answer {
  return {
    id: row.id,
    questionId: row.questionId,
    body: row.body,
    author: toAuthor(row),
    isFounder: row.isFounder,
    isAccepted: row.isAccepted,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

// Qualified by hand: inside the subquery a bare "id" would be the answer's.
const questionId = sql.raw('"questions"."id"');
const acceptedId = sql.raw('"questions"."accepted_answer_id"');

/**
 * The answer a list shows under a question, inside the question's own statement: the accepted
 * one, else the founder's first, else the first. JSON, so the page costs one statement.
 */
export const topAnswer = sql<AnswerRow | null>`(
  select json_build_object(
    'id', a.id, 'questionId', a.question_id, 'body', a.body, 'isFounder', a.is_founder,
    'isAccepted', a.id is not distinct from ${acceptedId}, 'createdAt', a.created_at,
    'authorFirstName', u.first_name, 'authorLastName', u.last_name, 'authorAvatarUrl', u.avatar_url)
  from ${answers} a join ${users} u on u.id = a.user_id
  where a.question_id = ${questionId} and a.hidden_at is null
  order by a.id is not distinct from ${acceptedId} desc, a.is_founder desc, a.id
  limit 1)`;

const summaryColumns = {
  id: questions.id,
  productId: questions.productId,
  title: questions.title,
  body: questions.body,
  answerCount: questions.answerCount,
  firstFounderAnswerAt: questions.firstFounderAnswerAt,
  createdAt: questions.createdAt,
  ...authorColumns,
  topAnswer,
};

export type SummaryRow = {
  id: number;
  productId: number;
  title: string;
  body: string;
  answerCount: number;
  firstFounderAnswerAt: Date | null;
  createdAt: Date;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorAvatarUrl: string | null;
  topAnswer: AnswerRow | null;
};

export function toSummary(row: SummaryRow): QuestionSummary {
  return {
    id: row.id,
    productId: row.productId,
    title: row.title,
    body: row.body,
    author: toAuthor(row),
    answerCount: row.answerCount,
    hasFounderAnswer: row.firstFounderAnswerAt !== null,
    topAnswer: row.topAnswer ? toAnswer(row.topAnswer) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `questions/getQuestions`: newest first, each with its top answer, in one statement whatever
 * the page size; an empty page adds one to tell an unknown product (404) from no questions. It
 * walks `questions_product_newest_idx` and stops after the page (community-shared.ts).
 */
export function getQuestions({ db }: Pick<CommunityDeps, 'db'>, query: PostsPageQuery): Promise<QuestionList> {
  return readPostsPage(db, query, {
    shape: 'questions',
    table: questions,
    visible: (productId) => and(eq(questions.productId, productId), isNull(questions.hiddenAt)),
    read: ({ visible, total, limit, offset }) =>
      db
        .select({ ...summaryColumns, total })
        .from(questions)
        .innerJoin(users, eq(users.id, questions.userId))
        .where(visible)
        .orderBy(descAsIndexed(questions.createdAt), descAsIndexed(questions.id))
        .limit(limit)
        .offset(offset),
    toItem: toSummary,
  });
}

async function loadSummary(db: Db, where: SQL) {
  const [row] = await db
    .select({ ...summaryColumns, productSlug: products.slug, productName: products.name })
    .from(questions)
    .innerJoin(products, eq(products.id, questions.productId))
    .innerJoin(users, eq(users.id, questions.userId))
    .where(and(where, eq(products.isPublished, true), isNull(questions.hiddenAt)))
    .limit(1);
  return row;
}

/** `questions/getQuestion`: the question and all its answers, accepted first, then the founder's, then by time. */
export async function getQuestion({ db }: CommunityDeps, id: number): Promise<Question> {
  const row = await loadSummary(db, eq(questions.id, id));
  if (!row) throw AppError.notFound(CommunityMessage.questionNotFound);
  const accepted = sql<boolean>`${answers.id} is not distinct from ${questions.acceptedAnswerId}`;
  const answerRows = await db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      body: answers.body,
      isFounder: answers.isFounder,
      isAccepted: accepted,
      createdAt: answers.createdAt,
      ...authorColumns,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(and(eq(answers.questionId, id), isNull(answers.hiddenAt)))
    .orderBy(desc(accepted), desc(answers.isFounder), asc(answers.id));
  return {
    ...toSummary(row),
    productSlug: row.productSlug,
    productName: row.productName,
    answers: answerRows.map(toAnswer),
  };
}

/** `questions/askQuestion`. */
export async function askQuestion(
  deps: CommunityDeps,
  userId: string,
  input: { productId: number; title: string; body: string },
): Promise<QuestionSummary> {
  await requirePublishedProduct(deps.db, input.productId);
  const now = deps.now();
  // The question and its seller's mails are one change (decision 029).
  const asked = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(questions)
      .values({ productId: input.productId, userId, title: input.title, body: input.body, createdAt: now })
      .returning({ id: questions.id });
    if (!created) throw new Error('insert into questions returned no row');
    return { id: created.id, queued: await queueNewQuestionMails(deps, tx, created.id, now) };
  });
  deps.outbox.deliver(asked.queued);
  // The product page and the question list show it (decision 044: a write clears what shows it).
  deps.catalogChanged(changedBy.communityPost(input.productId));
  const row = await loadSummary(deps.db, eq(questions.id, asked.id));
  if (!row) throw new Error('the question just asked was not found');
  return toSummary(row);
}

/**
 * `questions/answerQuestion`: `isFounder` is decided here, once, from the seller membership; the
 * question's answer count and first founder answer time (deal health) move in the same transaction.
 */
export async function answerQuestion(
  deps: CommunityDeps,
  userId: string,
  input: { questionId: number; body: string },
): Promise<Answer> {
  const [question] = await deps.db
    .select({ id: questions.id, productId: questions.productId, sellerId: products.sellerId })
    .from(questions)
    .innerJoin(products, eq(products.id, questions.productId))
    .where(and(eq(questions.id, input.questionId), eq(products.isPublished, true), isNull(questions.hiddenAt)));
  if (!question) throw AppError.notFound(CommunityMessage.questionNotFound);
  const isFounder = await isSellerMember(deps.db, question.sellerId, userId);
  const now = deps.now();
  const answered = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(answers)
      .values({ questionId: question.id, userId, body: input.body, isFounder, createdAt: now })
      .returning({ id: answers.id });
    if (!created) throw new Error('insert into answers returned no row');
    await tx
      .update(questions)
      .set({
        answerCount: sql`${questions.answerCount} + 1`,
        ...(isFounder
          ? {
              firstFounderAnswerAt: sql`coalesce(${questions.firstFounderAnswerAt}, ${now.toISOString()}::timestamptz)`,
            }
          : {}),
      })
      .where(eq(questions.id, question.id));
    return { id: created.id, queued: await queueAnswerMail(deps, tx, created.id, now) };
  });
  deps.outbox.deliver(answered.queued);
  deps.catalogChanged(changedBy.communityPost(question.productId));
  return requireAnswer(deps.db, answered.id);
}

async function requireAnswer(db: Db, answerId: number): Promise<Answer> {
  const [row] = await db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      body: answers.body,
      isFounder: answers.isFounder,
      isAccepted: sql<boolean>`${answers.id} is not distinct from ${questions.acceptedAnswerId}`,
      createdAt: answers.createdAt,
      ...authorColumns,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(users, eq(users.id, answers.userId))
    .where(eq(answers.id, answerId));
  if (!row) throw AppError.notFound(CommunityMessage.answerNotFound);
  return toAnswer(row);
}

/** `questions/getMyRole`: whether the caller asked the question (404 like getQuestion for an unknown one). */
export async function getMyQuestionRole(
  deps: CommunityDeps,
  userId: string,
  questionId: number,
): Promise<{ askedByMe: boolean }> {
  const [question] = await deps.db
    .select({ askerId: questions.userId })
    .from(questions)
    .innerJoin(products, eq(products.id, questions.productId))
    .where(and(eq(questions.id, questionId), eq(products.isPublished, true), isNull(questions.hiddenAt)));
  if (!question) throw AppError.notFound(CommunityMessage.questionNotFound);
  return { askedByMe: question.askerId === userId };
}

/** `questions/acceptAnswer`: only the asker; accepting another answer replaces the choice. */
export async function acceptAnswer(deps: CommunityDeps, userId: string, answerId: number): Promise<Answer> {
  const [target] = await deps.db
    .select({ questionId: answers.questionId, askerId: questions.userId, productId: questions.productId })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(products, eq(products.id, questions.productId))
    .where(
      and(
        eq(answers.id, answerId),
        eq(products.isPublished, true),
        isNull(answers.hiddenAt),
        isNull(questions.hiddenAt),
      ),
    );
  if (!target) throw AppError.notFound(CommunityMessage.answerNotFound);
  if (target.askerId !== userId) throw AppError.forbidden(CommunityMessage.askerOnly);
  await deps.db.update(questions).set({ acceptedAnswerId: answerId }).where(eq(questions.id, target.questionId));
  deps.catalogChanged(changedBy.communityPost(target.productId));
  return requireAnswer(deps.db, answerId);
}
