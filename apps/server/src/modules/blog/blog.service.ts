import {
  AppError,
  BlogMessage,
  type BlogPost,
  type BlogPostList,
  type BlogPostSummary,
  type GetPostsQuery,
} from '@everdeal/contracts';
import { blogPosts, type Db } from '@everdeal/db';
import { and, desc, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { renderMarkdown } from '../../lib/markdown';

export type BlogDeps = { db: Db; now: () => Date };

/** Public means published, and not in the future: a scheduled post appears when the clock reaches it. */
export function isPublicPost(now: Date): SQL {
  return and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now)) as SQL;
}

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverUrl: blogPosts.coverUrl,
  coverAlt: blogPosts.coverAlt,
  authorName: blogPosts.authorName,
  authorTitle: blogPosts.authorTitle,
  publishedAt: blogPosts.publishedAt,
  updatedAt: blogPosts.updatedAt,
  tags: blogPosts.tags,
  readingMinutes: blogPosts.readingMinutes,
};

type SummaryRow = {
  slug: string;
  title: string;
  excerpt: string;
  coverUrl: string;
  coverAlt: string;
  authorName: string;
  authorTitle: string;
  publishedAt: Date | null;
  updatedAt: Date;
  tags: string[];
  readingMinutes: number;
};

function toSummary(row: SummaryRow): BlogPostSummary {
  // Only public rows reach here (isPublicPost), so publishedAt is set.
  const publishedAt = row.publishedAt ?? row.updatedAt;
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverUrl: row.coverUrl,
    coverAlt: row.coverAlt,
    author: { name: row.authorName, title: row.authorTitle },
    publishedAt: publishedAt.toISOString(),
    // An edit before publication is not a modification a reader could have seen.
    updatedAt: (row.updatedAt > publishedAt ? row.updatedAt : publishedAt).toISOString(),
    tags: row.tags,
    readingMinutes: row.readingMinutes,
  };
}

/**
 * `blog/getPosts`: one page of public posts, newest first, with the total and every tag's count.
 * Three statements at most: the page with its total, the tags, and a count when the page is
 * past the end (where the window function has no row to ride on).
 */
export async function getPosts(deps: BlogDeps, query: GetPostsQuery): Promise<BlogPostList> {
  const now = deps.now();
  const visible = isPublicPost(now);
  const where = query.tag ? and(visible, sql`${query.tag} = any(${blogPosts.tags})`) : visible;
  const rows = await deps.db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(blogPosts)
    .where(where)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await deps.db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(blogPosts)
            .where(where)
        )[0]?.n ?? 0)
      : 0);
  const tags = await deps.db
    .select({ tag: sql<string>`t.tag`, count: sql<number>`count(*)`.mapWith(Number) })
    .from(sql`${blogPosts} cross join lateral unnest(${blogPosts.tags}) as t(tag)`)
    .where(visible)
    .groupBy(sql`t.tag`)
    .orderBy(sql`count(*) desc`, sql`t.tag`);
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize, tags };
}

/** `blog/getPost`: one public post with its body rendered and sanitised like product descriptions. */
export async function getPost(deps: BlogDeps, slug: string): Promise<BlogPost> {
  const [row] = await deps.db
    .select({ ...summaryColumns, body: blogPosts.body })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublicPost(deps.now())))
    .limit(1);
  if (!row) throw AppError.notFound(BlogMessage.postNotFound);
  return { ...toSummary(row), body: row.body, bodyHtml: renderMarkdown(row.body) };
}

/** The latest public posts with their bodies, for the RSS feed. */
export async function getLatestPosts(deps: BlogDeps, limit: number): Promise<BlogPost[]> {
  const rows = await deps.db
    .select({ ...summaryColumns, body: blogPosts.body })
    .from(blogPosts)
    .where(isPublicPost(deps.now()))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
  return rows.map((row) => ({ ...toSummary(row), body: row.body, bodyHtml: renderMarkdown(row.body) }));
}

/** Paths and last edits of every public post, for the sitemap. */
export async function getPostSitemapEntries(db: Db, now: Date): Promise<{ slug: string; lastmod: Date }[]> {
  const rows = await db
    .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublicPost(now))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
  return rows.map((row) => ({
    slug: row.slug,
    lastmod: row.publishedAt && row.publishedAt > row.updatedAt ? row.publishedAt : row.updatedAt,
  }));
}
