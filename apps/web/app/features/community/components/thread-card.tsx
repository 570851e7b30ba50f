import ChevronDown from 'lucide-react/icons/chevron-down';
import { Suspense, useEffect, useRef, useState } from 'react';
import { buttonClasses } from '~/components/ui/button';
import { lazyWithPreload } from '~/lib/lazy';
import type { ThreadView } from '../community-views';
import { ReportButton } from './community-actions';
import { PlainText, PostMeta } from './post-parts';
import { RepliesLoading } from './replies-loading';

/** The replies and the reply form load when a thread first opens, or on hover or focus of its toggle. */
const ThreadReplies = lazyWithPreload(() => import('./thread-replies').then((module) => module.ThreadReplies));
const preloadReplies = () => void ThreadReplies.preload();

/**
 * The replies open in a native disclosure (`<details>`), not behind a React click handler. This
 * card hydrates late, from the community sections' own chunk (routes/product.tsx), and React
 * drops a tap on a part of the page it cannot hydrate yet: it hydrates the tapped boundary at
 * once only when its code is already there, and replays no click after that (only hover and
 * focus events). The browser opens a `<details>` by itself, before hydration as after it, so the
 * first tap always counts; once hydrated, the card reads the open state and loads the replies.
 */
export function ThreadCard({ thread, headingLevel = 'h3' }: { thread: ThreadView; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const disclosure = useRef<HTMLDetailsElement>(null);
  // Once opened, the replies stay mounted (closing hides them natively), so a reply being typed survives.
  const [wasOpened, setWasOpened] = useState(false);
  // Opened before this card hydrated: its toggle event fired with no listener yet.
  useEffect(() => {
    if (disclosure.current?.open) setWasOpened(true);
  }, []);
  const closedLabel = thread.replyCount > 0 ? 'Read the replies and reply' : 'Reply';
  return (
    <article
      aria-labelledby={`thread-${thread.id}`}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
    >
      <div className="flex items-start justify-between gap-3">
        <Heading id={`thread-${thread.id}`} className="pt-1.5 font-semibold text-ink-900">
          {thread.title}
        </Heading>
        <div className="-mr-3 shrink-0">
          <ReportButton target="thread" id={thread.id} />
        </div>
      </div>
      <PostMeta author={thread.authorName} postedOn={thread.lastActivityOn}>
        <span aria-hidden="true">·</span>
        <span>
          {thread.replyCount} {thread.replyCount === 1 ? 'reply' : 'replies'}
        </span>
      </PostMeta>
      <PlainText text={thread.body} className="mt-2 text-sm" />
      <details
        ref={disclosure}
        onToggle={(event) => event.currentTarget.open && setWasOpened(true)}
        className="group mt-2"
      >
        {/* The label follows the open state by CSS, so it is right before hydration too. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a summary is the disclosure's native button. */}
        <summary
          onPointerEnter={preloadReplies}
          onFocus={preloadReplies}
          className={buttonClasses({
            variant: 'ghost',
            size: 'sm',
            className: '-ml-3 cursor-pointer list-none [&::-webkit-details-marker]:hidden',
          })}
        >
          <span className="group-open:hidden">{closedLabel}</span>
          <span className="hidden group-open:inline">Hide replies</span>
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 border-ink-900/10 border-l-2 pl-4">
          {wasOpened ? (
            <Suspense fallback={<RepliesLoading />}>
              <ThreadReplies threadId={thread.id} title={thread.title} />
            </Suspense>
          ) : (
            <RepliesLoading />
          )}
        </div>
      </details>
    </article>
  );
}
