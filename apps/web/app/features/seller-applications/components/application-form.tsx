import type { SellerApplication } from '@everdeal/contracts';
import {
  APPLICATION_DESCRIPTION_MAX,
  APPLICATION_DESCRIPTION_MIN,
  normalizeWebsite,
} from '@everdeal/contracts/seller-application-rules';
import type { FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toFormError } from '~/lib/form-error';
import { formatCount } from '~/lib/format-count';
import { useForm } from '~/lib/use-form';
import { useApplyToSell } from '../api/seller-application';
import { type ApplicationField, applicationFieldError } from '../application-rules';

export interface ApplicationFormProps {
  /** The account's address, the contact unless the applicant gives another. */
  accountEmail: string;
  /** A rejected application applied for again starts from what was sent then. */
  previous: SellerApplication | null;
  onSubmitted: () => void;
}

/**
 * Requirements §13: the /launch application (company, website, product, contact e-mail,
 * description). Fields check themselves on blur with the server's words; while sending, the
 * button spins and a second submit is ignored; a refusal (the 409 of an open application, a
 * 429, a 422 the checks missed, a network failure) is shown beside the form, keeping the text.
 */
export function ApplicationForm({ accountEmail, previous, onSubmitted }: ApplicationFormProps) {
  const form = useForm<ApplicationField>({
    initialValues: {
      companyName: previous?.companyName ?? '',
      website: previous?.website ?? '',
      productName: previous?.productName ?? '',
      email: previous?.email ?? accountEmail,
      description: previous?.description ?? '',
    },
    validate: applicationFieldError,
  });
  const apply = useApplyToSell();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending || !form.validateAll()) return;
    const values = form.getValues();
    apply.mutate(
      {
        companyName: values.companyName.trim(),
        website: normalizeWebsite(values.website),
        productName: values.productName.trim(),
        email: values.email.trim(),
        description: values.description.trim(),
      },
      { onSuccess: onSubmitted },
    );
  };

  const failure = apply.error ? toFormError(apply.error) : null;
  const descriptionLength = form.values.description.trim().length;
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Seller application"
      aria-busy={apply.isPending || undefined}
      className="space-y-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Company name" autoComplete="organization" {...form.field('companyName')} />
        <TextField
          label="Website"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="yourproduct.com"
          {...form.field('website')}
        />
        <TextField label="Product name" {...form.field('productName')} />
        <TextField
          label="Contact email"
          type="email"
          inputMode="email"
          autoComplete="email"
          hint="Where we send our answer."
          {...form.field('email')}
        />
      </div>
      <TextAreaField
        label="Description"
        rows={7}
        placeholder="What it does, who it is for, which AI models it uses and the plans you have in mind."
        hint={
          <span className={descriptionLength > APPLICATION_DESCRIPTION_MAX ? 'font-medium text-red-600' : undefined}>
            {formatCount(descriptionLength)} of {formatCount(APPLICATION_DESCRIPTION_MAX)} characters, at least{' '}
            {APPLICATION_DESCRIPTION_MIN}
          </span>
        }
        {...form.field('description')}
      />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-ink-500 text-xs">We reply by e-mail within 5 business days.</p>
        {/* Never greyed out for a field's error: the error may be above the screen, and Send
            takes the reader there (useForm's validateAll). */}
        <Button type="submit" size="lg" isLoading={apply.isPending}>
          {apply.isPending ? 'Sending application…' : 'Send application'}
        </Button>
      </div>
    </form>
  );
}
