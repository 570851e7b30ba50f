import { THREAD_BODY_MAX } from '@everdeal/contracts/community-messages';
import type { FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { requireLogin } from '~/shared/session/login-prompt';
import { useReplyToThread, useThread } from '../api/community';
import { type ReplyField, replyFieldError } from '../community-rules';
import { PlainText, PostBadge, PostMeta } from './post-parts';
import { RepliesLoading } from './replies-loading';

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

/** The replies of an open thread, oldest first (the Founder badge on the seller's), and the form to add one. */
export function ThreadReplies({ threadId, title }: { threadId: number; title: string }) {
  const detail = useThread(threadId);
  return (
    <div className="space-y-3">
      {detail.isPending ? (
        <RepliesLoading />
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
        <ol className="space-y-3" aria-label={`Replies to “${title}”`}>
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
      <ReplyForm threadId={threadId} title={title} />
    </div>
  );
}
