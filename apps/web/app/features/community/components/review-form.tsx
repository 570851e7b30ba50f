import type { Review } from '@everdeal/contracts';
import { CommunityMessage, REVIEW_BODY_MAX } from '@everdeal/contracts/community-messages';
import { productPath } from '@everdeal/contracts/paths';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { useMyReview, useSaveReview } from '../api/community';
import { type ReviewField, reviewFieldError } from '../community-rules';
import { FormSkeleton } from './form-skeleton';
import { RatingInput } from './rating-input';

export interface ReviewFormProps {
  product: { id: number; slug: string; name: string };
}

/**
 * `/review/add-comment`: a verified purchaser writes a review, or edits theirs; anyone else is
 * told why they cannot, with the way back. On success: back to the product with a toast.
 */
export function ReviewForm({ product }: ReviewFormProps) {
  const mine = useMyReview(product.id);
  if (!mine.data) {
    return mine.error ? <FormAlert tone="error">{toFormError(mine.error).message}</FormAlert> : <FormSkeleton />;
  }
  if (!mine.data.review && !mine.data.canReview) {
    return (
      <div className="space-y-5">
        <h1 className="font-bold text-2xl text-ink-900 tracking-tight">Review {product.name}</h1>
        <FormAlert tone="warning">{CommunityMessage.verifiedOnly}</FormAlert>
        <Link to={productPath(product.slug)} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Back to {product.name}
        </Link>
      </div>
    );
  }
  return <ReviewFields product={product} existing={mine.data.review} />;
}

function ReviewFields({ product, existing }: ReviewFormProps & { existing: Review | null }) {
  const form = useForm<ReviewField>({
    initialValues: {
      rating: existing ? String(existing.rating) : '',
      title: existing?.title ?? '',
      body: existing?.body ?? '',
    },
    validate: reviewFieldError,
  });
  const save = useSaveReview(existing !== null);
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || isLeaving || !form.validateAll()) return;
    const { rating, title, body } = form.getValues();
    save.mutate(
      { productId: product.id, rating: Number(rating), title: title.trim(), body: body.trim() },
      {
        onSuccess: () => {
          setIsLeaving(true);
          toast.success(CommunityMessage.reviewSaved);
          navigate(`${productPath(product.slug)}#reviews`);
        },
      },
    );
  };

  const failure = save.error ? toFormError(save.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="review-form-title" className="space-y-5">
      <h1 id="review-form-title" className="font-bold text-2xl text-ink-900 tracking-tight">
        {existing ? 'Edit your review of' : 'Review'} {product.name}
      </h1>
      <RatingInput
        value={form.values.rating}
        error={form.errors.rating}
        onChange={(value) => form.setValue('rating', value)}
      />
      <TextField label="Title" placeholder="Sum it up in a few words" {...form.field('title')} />
      <TextAreaField
        label="Your review"
        rows={7}
        placeholder="What do you use it for, what works, what could be better?"
        maxLength={REVIEW_BODY_MAX + 100}
        {...form.field('body')}
      />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={productPath(product.slug)} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          Cancel
        </Link>
        <Button type="submit" size="lg" isLoading={save.isPending || isLeaving}>
          {existing ? 'Save review' : 'Publish review'}
        </Button>
      </div>
    </form>
  );
}
