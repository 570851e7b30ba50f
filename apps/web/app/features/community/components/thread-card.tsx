import { THREAD_BODY_MAX } from '@everdeal/contracts/community-messages';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { TextAreaField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { requireLogin } from '~/shared/session/login-prompt';
import { useReplyToThread, useThread } from '../api/community';
import { type ReplyField, replyFieldError } from '../community-rules';
import type { ThreadView } from '../community-views';
import { ReportButton } from './community-actions';
import { PlainText, PostBadge, PostMeta } from './post-parts';

/** `community/reply` under a thread; a visitor signs in first and the reply is sent after it. */
function ReplyForm({ threadId, title }: { threadId: number; title: string }) {
  const form = useForm<ReplyField>({ initialValues: { body: '' }, validate: replyFieldError });
  const reply = useReplyToThread(threadId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending || !form.validateAll()) return;
    requireLogin(() =>
      reply.mutate(
        { body: form.getValues().body.trim() },
        {
          onSuccess: () => {
            form.reset();
            toast.success('Your reply is posted.');
          },
        },
      ),
    );
  };

  const failure = reply.error ? toFormError(reply.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-label={`Reply to “${title}”`} className="space-y-3">
      <TextAreaField label="Your reply" rows={3} maxLength={THREAD_BODY_MAX + 100} {...form.field('body')} />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" size="sm" isLoading={reply.isPending} disabled={form.hasErrors}>
          Post reply
        </Button>
      </div>
    </form>
  );
}

/** The replies of an open thread, oldest first, and the form to add one. */
function ThreadReplies({ thread, id }: { thread: ThreadView; id: string }) {
  const detail = useThread(thread.id, true);
  return (
    <div id={id} className="mt-4 space-y-3 border-ink-900/10 border-l-2 pl-4">
      {detail.isPending ? (
        <LoadingRegion label="Loading the replies…" className="space-y-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </LoadingRegion>
      ) : detail.isError ? (
        <p className="text-ink-700 text-sm">
          The replies could not be loaded.{' '}
          <button type="button" onClick={() => detail.refetch()} className="font-semibold text-brand-700 underline">
            Try again
          </button>
        </p>
      ) : detail.data.replies.length === 0 ? (
        <p className="text-ink-500 text-sm">No replies yet. Be the first to answer.</p>
      ) : (
        <ol className="space-y-3" aria-label={`Replies to “${thread.title}”`}>
          {detail.data.replies.map((reply) => (
            <li key={reply.id} className="rounded-xl bg-canvas p-4">
              <PostMeta author={reply.author.name} postedOn={reply.createdAt}>
                {reply.isFounder ? <PostBadge>Founder</PostBadge> : null}
              </PostMeta>
              <PlainText text={reply.body} className="mt-2 text-sm" />
            </li>
          ))}
        </ol>
      )}
      <ReplyForm threadId={thread.id} title={thread.title} />
    </div>
  );
}

export function ThreadCard({ thread }: { thread: ThreadView }) {
  const repliesId = useId();
  const [isOpen, setIsOpen] = useState(false);
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
      <div className="-ml-3 mt-2 flex flex-wrap items-center gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={isOpen}
          aria-controls={isOpen ? repliesId : undefined}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? 'Hide replies' : thread.replyCount > 0 ? 'Read the replies and reply' : 'Reply'}
        </Button>
        <ReportButton target="thread" id={thread.id} />
      </div>
      {isOpen ? <ThreadReplies thread={thread} id={repliesId} /> : null}
    </article>
  );
}
