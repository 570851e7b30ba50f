import { CommunityMessage, QUESTION_BODY_MAX } from '@everdeal/contracts/community-messages';
import { productPath } from '@everdeal/contracts/paths';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { useAskQuestion, useCreateThread } from '../api/community';
import { type QuestionField, questionFieldError, type ThreadField, threadFieldError } from '../community-rules';

export interface PostFormProps {
  product: { id: number; slug: string; name: string };
}

/** `/review/add-question`: any signed-in user asks; back to the product's questions with a toast. */
export function QuestionForm({ product }: PostFormProps) {
  const form = useForm<QuestionField>({ initialValues: { title: '', body: '' }, validate: questionFieldError });
  const ask = useAskQuestion();
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ask.isPending || isLeaving || !form.validateAll()) return;
    const { title, body } = form.getValues();
    ask.mutate(
      { productId: product.id, title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setIsLeaving(true);
          toast.success(CommunityMessage.questionAsked);
          navigate(`${productPath(product.slug)}#questions`);
        },
      },
    );
  };

  const failure = ask.error ? toFormError(ask.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="question-form-title" className="space-y-5">
      <h1 id="question-form-title" className="font-bold text-2xl text-ink-900 tracking-tight">
        Ask about {product.name}
      </h1>
      <TextField label="Your question" placeholder="e.g. Does it work with Zapier?" {...form.field('title')} />
      <TextAreaField
        label={
          <>
            Details <span className="font-normal text-ink-500">(optional)</span>
          </>
        }
        rows={5}
        maxLength={QUESTION_BODY_MAX + 100}
        {...form.field('body')}
      />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <FormButtons slug={product.slug} isBusy={ask.isPending || isLeaving} label="Post question" />
    </form>
  );
}

/** `/review/community-form`: start a discussion thread; back to the product's community with a toast. */
export function ThreadForm({ product }: PostFormProps) {
  const form = useForm<ThreadField>({ initialValues: { title: '', body: '' }, validate: threadFieldError });
  const create = useCreateThread();
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || isLeaving || !form.validateAll()) return;
    const { title, body } = form.getValues();
    create.mutate(
      { productId: product.id, title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setIsLeaving(true);
          toast.success(CommunityMessage.threadStarted);
          navigate(`${productPath(product.slug)}#community`);
        },
      },
    );
  };

  const failure = create.error ? toFormError(create.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="thread-form-title" className="space-y-5">
      <h1 id="thread-form-title" className="font-bold text-2xl text-ink-900 tracking-tight">
        Start a discussion about {product.name}
      </h1>
      <TextField label="Topic" placeholder="e.g. Share your best prompts" {...form.field('title')} />
      <TextAreaField label="Message" rows={6} {...form.field('body')} />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <FormButtons slug={product.slug} isBusy={create.isPending || isLeaving} label="Start discussion" />
    </form>
  );
}

function FormButtons({ slug, isBusy, label }: { slug: string; isBusy: boolean; label: string }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Link to={productPath(slug)} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
        Cancel
      </Link>
      <Button type="submit" size="lg" isLoading={isBusy}>
        {label}
      </Button>
    </div>
  );
}
