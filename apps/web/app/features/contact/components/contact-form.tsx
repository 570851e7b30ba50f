import { CONTACT_MESSAGE_MAX, ContactMessage } from '@everdeal/contracts/content-messages';
import { displayName } from '@everdeal/contracts/user';
import MailCheck from 'lucide-react/icons/mail-check';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toFormError } from '~/lib/form-error';
import { formatCount } from '~/lib/format-count';
import { useForm } from '~/lib/use-form';
import { useAuth } from '~/shared/session/session-provider';
import { useSendContactMessage } from '../api/send-contact-message';
import { type ContactField, contactFieldError } from '../contact-rules';

export interface ContactFormProps {
  /** A subject asked for by a topic link (`?subject=`); a new one replaces the field's text only. */
  requestedSubject: string;
}

/**
 * Requirements §14: the contact form, stored and mailed to support. Fields check themselves on
 * blur with the server's words; while sending, the button spins and a second submit is ignored;
 * a refusal (a 422 the checks missed, the 429 of decision 009's limits, a network failure) is
 * shown beside the form and keeps everything typed.
 */
export function ContactForm({ requestedSubject }: ContactFormProps) {
  const form = useForm<ContactField>({
    initialValues: { name: '', email: '', subject: requestedSubject, message: '' },
    validate: contactFieldError,
  });
  const send = useSendContactMessage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  useSignedInDefaults(form.getValues, form.setValue);

  // A topic link clicked after the page loaded: take its subject, keep the rest, go write.
  const appliedSubject = useRef(requestedSubject);
  useEffect(() => {
    if (requestedSubject === appliedSubject.current) return;
    appliedSubject.current = requestedSubject;
    form.setValue('subject', requestedSubject);
    form.focus('message');
  }, [requestedSubject, form.setValue, form.focus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || !form.validateAll()) return;
    const { name, email, subject, message } = form.getValues();
    send.mutate(
      { name: name.trim(), email: email.trim(), subject: subject.trim() || undefined, message: message.trim() },
      { onSuccess: () => setSentTo(email.trim()) },
    );
  };

  if (sentTo) {
    return (
      <Sent
        email={sentTo}
        onAgain={() => {
          send.reset();
          form.setValue('subject', '');
          form.setValue('message', '');
          setSentTo(null);
        }}
      />
    );
  }

  const failure = send.error ? toFormError(send.error) : null;
  const messageLength = form.values.message.trim().length;
  return (
    <form noValidate onSubmit={submit} aria-labelledby="contact-form-title" className="space-y-5">
      <h2 id="contact-form-title" className="font-semibold text-ink-900 text-xl tracking-tight">
        Send us a message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...form.field('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      </div>
      <TextField
        label={
          <>
            Subject <span className="font-normal text-ink-500">(optional)</span>
          </>
        }
        placeholder="e.g. My license code will not redeem"
        {...form.field('subject')}
      />
      <TextAreaField
        label="Message"
        rows={7}
        placeholder="Tell us what happened. For an order, include its number."
        hint={
          <span className={messageLength > CONTACT_MESSAGE_MAX ? 'font-medium text-red-600' : undefined}>
            {formatCount(messageLength)} of {formatCount(CONTACT_MESSAGE_MAX)} characters
          </span>
        }
        {...form.field('message')}
      />
      {failure ? <FormAlert tone={failure.tone}>{failure.message}</FormAlert> : null}
      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-ink-500 text-xs">We reply by e-mail, usually within one business day.</p>
        <Button type="submit" size="lg" isLoading={send.isPending}>
          Send message
        </Button>
      </div>
    </form>
  );
}

/** A signed-in visitor's name and address, filled in where the fields are still empty. */
function useSignedInDefaults(
  getValues: () => Readonly<Record<ContactField, string>>,
  setValue: (name: ContactField, value: string) => void,
) {
  const { user } = useAuth();
  // Once per user: a field the visitor empties afterwards stays empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the user's id is the trigger; getValues reads a ref
  useEffect(() => {
    if (!user) return;
    const values = getValues();
    if (!values.name.trim()) setValue('name', displayName(user));
    if (!values.email.trim()) setValue('email', user.email);
  }, [user?.id]);
}

function Sent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The form that had focus is gone: the confirmation takes it, so it is read out next.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="py-6 text-center outline-none">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-emerald-50 text-emerald-600">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 font-semibold text-ink-900 text-xl tracking-tight">Message sent</h2>
      <p className="mx-auto mt-2 max-w-md text-ink-700">{ContactMessage.sent}</p>
      <p className="mt-3 text-ink-500 text-sm">
        Our answer goes to <span className="font-medium text-ink-900">{email}</span>.
      </p>
      <Button variant="outline" className="mt-6" onClick={onAgain}>
        Send another message
      </Button>
    </div>
  );
}
