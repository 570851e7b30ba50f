import type { BlogPostList } from '@everdeal/contracts';
import { BLOG_RSS_PATH } from '@everdeal/contracts/content-messages';
import { blogPath } from '@everdeal/contracts/paths';
import Newspaper from 'lucide-react/icons/newspaper';
import Rss from 'lucide-react/icons/rss';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';
import { formatCount } from '~/lib/format-count';
import { type BlogListState, pageCount } from '../blog-list-params';
import { PostCard } from './post-card';
import { TagFilter } from './tag-filter';

/** Requirements §2: the blog's heading line, verbatim. */
export const BLOG_TAGLINE = 'Latest news and insights about AI software deals';

export interface BlogListPageProps {
  list: BlogPostList;
  state: BlogListState;
  /** A tag from the URL that no post can have (too long): shown in the empty state as asked. */
  requestedTag?: string;
}

export function BlogListPage({ list, state, requestedTag }: BlogListPageProps) {
  const tag = state.tag ?? requestedTag;
  const pages = pageCount(list.total, list.pageSize);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-5xl">
            {tag ? (
              <>
                Blog<span className="sr-only">: </span>
                <span className="mt-1 block text-brand-700 text-xl sm:text-2xl">Posts tagged “{tag}”</span>
              </>
            ) : (
              'Blog'
            )}
          </h1>
          <p className="mt-3 text-ink-500 text-lg">{BLOG_TAGLINE}</p>
        </div>
        <a
          href={BLOG_RSS_PATH}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'self-start sm:self-auto' })}
        >
          <Rss aria-hidden="true" className="size-4 text-accent-500" />
          RSS feed
        </a>
      </header>

      <div className="mt-8">
        <TagFilter tags={list.tags} activeTag={state.tag} />
      </div>

      <section aria-labelledby="posts-title" className="mt-8">
        <h2 id="posts-title" className="sr-only">
          {tag ? `Posts tagged “${tag}”` : 'Posts'}
        </h2>
        {list.items.length > 0 ? (
          <>
            <p className="mb-5 text-ink-500 text-sm" aria-live="polite">
              {formatCount(list.total)} {list.total === 1 ? 'post' : 'posts'}
              {pages > 1 ? `, page ${Math.min(list.page, pages)} of ${pages}` : ''}
            </p>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {list.items.map((post, index) => (
                <li key={post.slug}>
                  <PostCard post={post} headingLevel="h3" isEager={index < 3} />
                </li>
              ))}
            </ul>
            <Pagination page={list.page} pageCount={pages} hrefFor={(page) => blogPath({ tag: state.tag, page })} />
          </>
        ) : (
          <EmptyState
            icon={Newspaper}
            title={tag ? `No posts tagged “${tag}” yet` : 'No posts yet'}
            description={
              tag
                ? 'Try another tag, or read everything we have written so far.'
                : 'Guides to lifetime deals, refund windows and license codes are on their way. Join the waitlist to hear about new deals meanwhile.'
            }
            action={
              <Link to={tag ? blogPath() : '/waitlist'} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                {tag ? 'See all posts' : 'Join the waitlist'}
              </Link>
            }
          />
        )}
      </section>
    </div>
  );
}
