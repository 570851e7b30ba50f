/**
 * The demo blog (requirements §10, §14): the posts of blog-posts/, their generated covers, and
 * the factory tests use to create posts of their own.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Db } from '../client';
import { blogPosts } from '../schema';
import { demoBlogPosts } from './blog-posts';
import { hashString } from './prng';
import { pickPalette } from './svg';
import { renderBlogCoverSvg } from './svg-blog';

export type NewBlogPost = typeof blogPosts.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;

const DAY_MS = 86_400_000;
/** Where ensureDemoMedia writes the covers, under the demo media folder (`/uploads/demo`). */
const BLOG_MEDIA_FOLDER = 'blog';

export function demoBlogCoverUrl(slug: string): string {
  return `/uploads/demo/${BLOG_MEDIA_FOLDER}/${slug}/cover.svg`;
}

/** The demo posts as rows for one moment `now`; each was published at 09:00 UTC some days before it. */
export function buildDemoBlogRows(now: Date): NewBlogPost[] {
  const slugs = new Set<string>();
  return demoBlogPosts.map((post) => {
    if (slugs.has(post.slug)) throw new Error(`Duplicate demo blog slug: ${post.slug}`);
    slugs.add(post.slug);
    const day = new Date(now.getTime() - post.publishedDaysAgo * DAY_MS);
    const publishedAt = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9));
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.body,
      coverUrl: demoBlogCoverUrl(post.slug),
      coverAlt: `Cover of “${post.title}”`,
      authorName: post.author.name,
      authorTitle: post.author.title,
      tags: post.tags,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
}

/** One statement; the caller's transaction decides whether the demo is loaded at all. */
export async function insertDemoBlogPosts(db: Pick<Db, 'insert'>, now: Date): Promise<number> {
  const inserted = await db
    .insert(blogPosts)
    .values(buildDemoBlogRows(now))
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ id: blogPosts.id });
  return inserted.length;
}

/** The cover files of the demo posts, for ensureDemoMedia; the palette follows the slug. */
export function renderDemoBlogCovers(mediaDir: string): { path: string; content: string }[] {
  return demoBlogPosts.map((post, index) => ({
    path: join(mediaDir, BLOG_MEDIA_FOLDER, post.slug, 'cover.svg'),
    content: renderBlogCoverSvg({
      title: post.title,
      tags: post.tags,
      palette: pickPalette(hashString(post.slug)),
      variant: index,
    }),
  }));
}

let sequence = 0;

/**
 * A published post (yesterday by default) with a unique slug; any column can be overridden,
 * e.g. `publishedAt: null` for a draft or a future date for a scheduled post.
 */
export async function createBlogPost(db: Db, overrides: Partial<Omit<NewBlogPost, 'id'>> = {}): Promise<BlogPost> {
  sequence += 1;
  const slug = `post-${sequence}-${randomBytes(3).toString('hex')}`;
  const publishedAt = new Date(Date.now() - DAY_MS);
  const values: NewBlogPost = {
    slug,
    title: `Post ${sequence}`,
    excerpt: 'A post written by a test.',
    body: 'A post written by a test.\n\n- It has a list\n- And a [link](/products/example)',
    coverUrl: demoBlogCoverUrl(slug),
    coverAlt: `Cover of post ${sequence}`,
    authorName: 'Test Author',
    authorTitle: 'Editor',
    tags: ['tests'],
    publishedAt,
    createdAt: publishedAt,
    updatedAt: publishedAt,
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
  const [row] = await db.insert(blogPosts).values(values).returning();
  if (!row) throw new Error('insert into blog_posts returned no row');
  return row;
}
