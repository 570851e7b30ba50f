import type { BlogPostSummary } from '@everdeal/contracts';
import { blogPostPath } from '@everdeal/contracts/paths';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { PostByline } from './post-byline';

export interface PostCardProps {
  post: BlogPostSummary;
  headingLevel?: 'h2' | 'h3';
  /** The first cards are above the fold: their covers load at once, the rest lazily. */
  isEager?: boolean;
}

/**
 * One post in a list. Like the product card, the title's link is stretched over the card, so a
 * screen reader hears one link per post, named after it.
 */
export function PostCard({ post, headingLevel: Heading = 'h2', isEager = false }: PostCardProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'group relative flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-ink-900/5',
        'transition duration-200 hover:-translate-y-0.5 hover:shadow-pop hover:ring-brand-300',
        'focus-within:ring-2 focus-within:ring-brand-500',
      )}
    >
      <img
        src={post.coverUrl}
        alt={post.coverAlt}
        width={1200}
        height={630}
        loading={isEager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[1200/630] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        {post.tags.length > 0 ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700 text-xs">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <Heading id={titleId} className="mt-3 font-semibold text-ink-900 text-lg leading-snug tracking-tight">
          <Link
            to={blogPostPath(post.slug)}
            prefetch="intent"
            className="outline-none after:absolute after:inset-0 after:rounded-card after:content-[''] group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-ink-500 text-sm leading-relaxed">{post.excerpt}</p>
        <div className="mt-auto pt-4">
          <PostByline post={post} className="border-ink-900/5 border-t pt-4" />
        </div>
      </div>
    </article>
  );
}
