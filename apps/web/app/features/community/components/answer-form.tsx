import { ANSWER_BODY_MAX } from '@everdeal/contracts/community-messages';
import { type FormEvent, useId } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { requireLogin } from '~/shared/session/login-prompt';
import { useAnswerQuestion } from '../api/community';
import { type AnswerField, answerFieldError } from '../community-rules';

/** `questions/answerQuestion` under a question; visitors sign in first, then the page reloads its data. */
export function AnswerForm({ questionId }: { questionId: number }) {
  const form = useForm<AnswerField>({ initialValues: { body: '' }, validate: answerFieldError });
  const answer = useAnswerQuestion();
  const revalidator = useRevalidator();
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending || !form.validateAll()) return;
    requireLogin(() =>
      answer.mutate(
        { questionId, body: form.getValues().body.trim() },
        {
          onSuccess: ({ answer: posted }) => {
            form.reset();
            toast.success(
              posted.isFounder ? 'Your answer is posted with the Founder badge.' : 'Your answer is posted.',
            );
            void revalidator.revalidate();
          },
        },
      ),
    );
  };

  const failure = answer.error ? toFormError(answer.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="font-bold text-ink-900 text-xl">
        Your answer
      </h2>
      <TextAreaField label="Answer" rows={5} maxLength={ANSWER_BODY_MAX + 100} {...form.field('body')} />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex justify-end">
        <Button type="submit" isLoading={answer.isPending} disabled={form.hasErrors}>
          Post answer
        </Button>
      </div>
    </form>
  );
}
