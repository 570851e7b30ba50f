import type { WaitlistEntry } from '@everdeal/contracts';
import { WaitlistMessage } from '@everdeal/contracts/content-messages';
import PartyPopper from 'lucide-react/icons/party-popper';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextField } from '~/components/ui/text-field';
import { emailError } from '~/lib/field-rules';
import { toFormError } from '~/lib/form-error';
import { useForm } from '~/lib/use-form';
import { useJoinWaitlist } from '../api/waitlist-requests';
import { InterestChips, type InterestOption } from './interest-chips';

// Built on first use: a page's first Intl formatter loads the browser's locale data (docs/benchmarks.md).
let listFormat: Intl.ListFormat | undefined;

/** ["A", "B", "C"] → "A, B, and C". */
function listOf(names: string[]): string {
  listFormat ??= new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });
  return listFormat.format(names);
}

/** Requirements §14: e-mail and optional interests; a second join is the same friendly success. */
export function WaitlistForm({ categories }: { categories: InterestOption[] }) {
  const form = useForm({ initialValues: { email: '' }, validate: (_, values) => emailError(values.email) });
  const join = useJoinWaitlist();
  const [joined, setJoined] = useState<WaitlistEntry | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (join.isPending || !form.validateAll()) return;
    const interests = new FormData(event.currentTarget).getAll('interests').map(String);
    join.mutate({ email: form.getValues().email.trim(), interests }, { onSuccess: setJoined });
  };

  if (joined) {
    return (
      <Joined
        entry={joined}
        categories={categories}
        onAgain={() => {
          join.reset();
          form.reset();
          setJoined(null);
        }}
      />
    );
  }

  const failure = join.error ? toFormError(join.error) : null;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="waitlist-form-title" className="space-y-6">
      <h2 id="waitlist-form-title" className="font-semibold text-ink-900 text-xl tracking-tight">
        Get the next deals first
      </h2>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        {...form.field('email')}
      />
      <fieldset aria-describedby="interests-hint">
        <legend className="font-medium text-ink-900 text-sm">
          Interests <span className="font-normal text-ink-500">(optional)</span>
        </legend>
        <p id="interests-hint" className="mt-1 mb-3 text-ink-500 text-xs">
          Choose the categories you care about, or none to hear about every new deal.
        </p>
        <InterestChips options={categories} />
      </fieldset>
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <Button type="submit" size="lg" isLoading={join.isPending} className="w-full">
        Join the waitlist
      </Button>
      <p className="text-ink-500 text-xs leading-relaxed">
        One short mail per new deal, nothing else. Every mail has a one-click unsubscribe link.
      </p>
    </form>
  );
}

function Joined({
  entry,
  categories,
  onAgain,
}: {
  entry: WaitlistEntry;
  categories: InterestOption[];
  onAgain: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: the confirmation takes it, so a screen reader reads it next.
  useEffect(() => headingRef.current?.focus(), []);
  const names = entry.interests.map((slug) => categories.find((category) => category.slug === slug)?.name ?? slug);
  return (
    <div className="text-center">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600">
        <PartyPopper aria-hidden="true" className="size-7" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="mt-4 font-semibold text-ink-900 text-xl tracking-tight outline-none"
      >
        Welcome aboard
      </h2>
      <p className="mt-2 text-ink-700">{WaitlistMessage.joined}</p>
      <p className="mt-4 rounded-xl bg-canvas px-4 py-3 text-ink-700 text-sm">
        <span className="font-medium text-ink-900">{entry.email}</span> will hear about{' '}
        {names.length > 0 ? `new deals in ${listOf(names)}` : 'every new deal, in any category'}.
      </p>
      <Button variant="outline" className="mt-6" onClick={onAgain}>
        Join with another address
      </Button>
    </div>
  );
}
