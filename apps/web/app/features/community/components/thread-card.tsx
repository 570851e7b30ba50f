import type { ThreadView } from '../community-views';
import { ReportButton } from './community-actions';
import { PlainText, PostMeta } from './post-parts';

export function ThreadCard({ thread }: { thread: ThreadView }) {
  return (
    <article
      aria-labelledby={`thread-${thread.id}`}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
    >
      <h3 id={`thread-${thread.id}`} className="font-semibold text-ink-900">
        {thread.title}
      </h3>
      <PostMeta author={thread.authorName} postedOn={thread.lastActivityOn}>
        <span aria-hidden="true">·</span>
        <span>
          {thread.replyCount} {thread.replyCount === 1 ? 'reply' : 'replies'}
        </span>
      </PostMeta>
      <PlainText text={thread.body} className="mt-2 text-sm" />
      <div className="-ml-3 mt-2">
        <ReportButton target="thread" id={thread.id} />
      </div>
    </article>
  );
}
