import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Blog posts (requirements §14, decision 009). `body` is Markdown, rendered and sanitised by the
 * server on read like product descriptions. A post is public from `published_at` on: null is a
 * draft, a future time is scheduled and stays hidden until the clock reaches it.
 */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull(),
    body: text().notNull(),
    coverUrl: text().notNull(),
    coverAlt: text().notNull(),
    authorName: text().notNull(),
    authorTitle: text().notNull().default(''),
    // Lower-case phrases ("refunds", "buying guide"); the list filters on one of them.
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp({ withTimezone: true }),
    // About 220 words a minute, never less than one; generated so every writer agrees on it.
    readingMinutes: integer()
      .notNull()
      .generatedAlwaysAs(
        sql`greatest(1, ceil(coalesce(array_length(regexp_split_to_array(btrim(body), '[[:space:]]+'), 1), 0) / 220.0))::integer`,
      ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order over published posts: newest first, id breaking ties.
    index('blog_posts_published_order_idx')
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.publishedAt} is not null`),
    index('blog_posts_tags_idx').using('gin', t.tags),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
