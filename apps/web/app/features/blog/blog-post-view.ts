import type { BlogPost } from '@everdeal/contracts';
import { pick } from '~/lib/pick';
import type { BlogPostView } from './components/blog-post-page';

/** A post's slug as the server spells them; anything else cannot name a post (a 404, not a 422). */
const POST_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isPostSlug(slug: string): boolean {
  return slug.length <= 120 && POST_SLUG.test(slug);
}

const VIEW_FIELDS = [
  'slug',
  'title',
  'excerpt',
  'coverUrl',
  'coverAlt',
  'author',
  'publishedAt',
  'updatedAt',
  'tags',
  'readingMinutes',
  'bodyHtml',
] as const satisfies readonly (keyof BlogPostView)[];

/** What the page shows: the rendered body, not the Markdown source too (it would double the HTML). */
export function toBlogPostView(post: BlogPost): BlogPostView {
  return pick(post, VIEW_FIELDS);
}

/**
 * The share image of a post. Social networks do not render SVG, which the demo covers are
 * (decision 009), so those posts share the brand card instead; a raster cover is used as is.
 */
export function shareImageOf(coverUrl: string): string | undefined {
  return /\.svg(?:$|\?)/i.test(coverUrl) ? undefined : coverUrl;
}
