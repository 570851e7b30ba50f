import type { BlogPostList } from '@everdeal/contracts';
import { blogPath } from '@everdeal/contracts/paths';
import { clsx } from 'clsx';
import { Link } from 'react-router';

const chipClass =
  'inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-full px-3.5 font-medium text-sm transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
const idleClass = 'bg-white text-ink-700 ring-1 ring-ink-900/10 ring-inset hover:bg-brand-50 hover:text-brand-700';
const activeClass = 'bg-brand-600 text-white';

/**
 * The tags of every published post as links (`/blog?tag=…`): plain navigation, so a filtered
 * list has its own URL, works before the page hydrates and keeps the back button.
 */
export function TagFilter({ tags, activeTag }: { tags: BlogPostList['tags']; activeTag?: string }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Filter posts by tag">
      {/* One scrolling row on phones, where ten wrapped chips would push the posts off screen.
          `relative` makes the row the containing block of the chips' visually hidden (absolute)
          text: without it that text sits outside the scrolling box and widens the whole page. */}
      <ul className="-mx-4 relative flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li>
          <Link
            to={blogPath()}
            aria-current={activeTag === undefined ? 'page' : undefined}
            className={clsx(chipClass, activeTag === undefined ? activeClass : idleClass)}
          >
            All posts
          </Link>
        </li>
        {tags.map(({ tag, count }) => {
          const isActive = tag === activeTag;
          return (
            <li key={tag}>
              <Link
                to={blogPath({ tag })}
                aria-current={isActive ? 'page' : undefined}
                className={clsx(chipClass, isActive ? activeClass : idleClass)}
              >
                {tag}
                <span className={clsx('text-xs tabular-nums', isActive ? 'text-brand-100' : 'text-ink-500')}>
                  <span className="sr-only">, </span>
                  {count}
                  <span className="sr-only">{count === 1 ? ' post' : ' posts'}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
