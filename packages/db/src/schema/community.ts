import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, sellers } from './catalog';
import { users } from './users';

/**
 * Community (requirements §12, decision 011): reviews, questions and answers, the seller's
 * updates, discussion threads, and reports of any of them. Texts are stored as written: reviews,
 * questions, answers and threads are plain text (rendered as text, never as HTML); updates are
 * Markdown, rendered and sanitised on read.
 */

/**
 * Who speaks for a seller: a user who is a member of it answers questions with the "Founder"
 * badge, replies to reviews and posts updates. Roles and invites within a seller are left for later.
 */
export const sellerMembers = pgTable(
  'seller_members',
  {
    sellerId: integer()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.userId] }), index('seller_members_user_id_idx').on(t.userId)],
);

/** One review per user and product, editable; products.review_count and rating_total follow it. */
export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    helpfulCount: integer().notNull().default(0),
    sellerReply: text(),
    sellerRepliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    // Moderation (requirements §13): a hidden post is out of every public list and count; the
    // reason is what its author is told.
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    unique('reviews_product_user_key').on(t.productId, t.userId),
    // The sorts of the reviews page (newest, highest, lowest, most helpful), each walked and stopped.
    index('reviews_product_newest_idx').on(t.productId, t.createdAt.desc(), t.id.desc()),
    // Lowest and highest first, each in its own order to the last key (migration 0017).
    index('reviews_product_rating_idx').on(t.productId, t.rating, t.createdAt.desc(), t.id.desc()),
    index('reviews_product_highest_idx').on(t.productId, t.rating.desc(), t.createdAt.desc(), t.id.desc()),
    index('reviews_product_helpful_idx').on(t.productId, t.helpfulCount.desc(), t.id.desc()),
  ],
);

/** One helpful vote per user and review; reviews.helpful_count follows it. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

export const questions = pgTable(
  'questions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    answerCount: integer().notNull().default(0),
    acceptedAnswerId: integer(),
    // When the product's seller first answered: the deal-health answer time reads it.
    firstFounderAnswerAt: timestamp({ withTimezone: true }),
    // Moderation (requirements §13): a hidden post is out of every public list and count; the
    // reason is what its author is told.
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('questions_product_newest_idx').on(t.productId, t.createdAt.desc(), t.id.desc())],
);

export const answers = pgTable(
  'answers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    questionId: integer()
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    // Fixed when written: a member of the product's seller at that time (the "Founder" badge).
    isFounder: boolean().notNull().default(false),
    // Moderation (requirements §13): a hidden post is out of every public list and count; the
    // reason is what its author is told.
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('answers_question_id_idx').on(t.questionId, t.id)],
);

/** The seller's changelog (Markdown). */
export const productUpdates = pgTable(
  'product_updates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('product_updates_product_newest_idx').on(t.productId, t.createdAt.desc(), t.id.desc())],
);

export const threads = pgTable(
  'threads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    replyCount: integer().notNull().default(0),
    lastActivityAt: timestamp({ withTimezone: true }).notNull(),
    // Moderation (requirements §13): a hidden post is out of every public list and count; the
    // reason is what its author is told.
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('threads_product_activity_idx').on(t.productId, t.lastActivityAt.desc(), t.id.desc())],
);

export const threadReplies = pgTable(
  'thread_replies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    isFounder: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('thread_replies_thread_id_idx').on(t.threadId, t.id)],
);

export const reportTarget = pgEnum('report_target', ['review', 'question', 'answer', 'thread']);

/** One report per user and target; the admin queue (decision 015) reads these. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetKind: reportTarget().notNull(),
    targetId: integer().notNull(),
    reason: text().notNull().default(''),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('content_reports_user_target_key').on(t.userId, t.targetKind, t.targetId),
    index('content_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
