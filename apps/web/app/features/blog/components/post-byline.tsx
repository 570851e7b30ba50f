import type { BlogPostSummary } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { Avatar } from '~/components/ui/avatar';
import { formatDate, isoDay } from '~/lib/format-date';

export interface PostBylineProps {
  post: Pick<BlogPostSummary, 'author' | 'publishedAt' | 'updatedAt' | 'readingMinutes'>;
  /** The post page names the author's role and a later edit; a card keeps to name and date. */
  isDetailed?: boolean;
  className?: string;
}

/** Author, date and reading time of a post, in UTC so the server's text is the browser's. */
export function PostByline({ post, isDetailed = false, className }: PostBylineProps) {
  const isEdited = isoDay(post.updatedAt) !== isoDay(post.publishedAt);
  return (
    <div className={clsx('flex items-center gap-3 text-sm', className)}>
      <Avatar name={post.author.name} size={isDetailed ? 44 : 32} />
      <div className="min-w-0">
        <p className="truncate font-medium text-ink-900">
          {post.author.name}
          {isDetailed && post.author.title ? (
            <span className="font-normal text-ink-500">, {post.author.title}</span>
          ) : null}
        </p>
        <p className="text-ink-500">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {post.readingMinutes} min read
          {isDetailed && isEdited ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              Updated <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
