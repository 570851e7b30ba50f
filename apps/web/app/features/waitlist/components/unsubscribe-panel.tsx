import { WaitlistMessage } from '@everdeal/contracts/content-messages';
import { WAITLIST_PATH } from '@everdeal/contracts/paths';
import MailCheck from 'lucide-react/icons/mail-check';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { toFormError } from '~/lib/form-error';
import { useUnsubscribeWaitlist } from '../api/waitlist-requests';

/**
 * The page of a waitlist mail's unsubscribe link (decision 009). The token is spent only when
 * the reader presses the button: mail scanners and link previews open links, and must not
 * unsubscribe anyone by doing so. Mail clients use the RFC 8058 one-click POST instead.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeWaitlist();
  const failure = unsubscribe.error ? toFormError(unsubscribe.error) : null;
  // An unknown token (404) or one that cannot be ours (422) is a bad link; anything else
  // (a 429, the network) may pass, so the button stays for another try.
  const isInvalidLink = !token || failure?.status === 404 || failure?.status === 422;

  if (unsubscribe.data) return <Unsubscribed email={unsubscribe.data.email} />;
  if (isInvalidLink) {
    return (
      <>
        <FormAlert tone="warning">{WaitlistMessage.invalidUnsubscribeLink}</FormAlert>
        <p className="mt-5 text-ink-700 text-sm leading-relaxed">
          Open the link from the latest waitlist mail again, or reply to that mail and ask us to take your address off
          the list.
        </p>
      </>
    );
  }
  return (
    <>
      <p className="text-ink-700 leading-relaxed">
        Press the button to stop the waitlist mails: no more announcements of new deals will reach this address. Your
        Everdeal account, if you have one, is not affected.
      </p>
      {failure ? (
        <FormAlert tone={failure.tone} className="mt-5">
          {failure.message}
        </FormAlert>
      ) : null}
      <Button
        size="lg"
        className="mt-6 w-full"
        isLoading={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        Unsubscribe
      </Button>
    </>
  );
}

function Unsubscribed({ email }: { email: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // The button that had focus is gone: the confirmation takes it and is read out.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <div className="flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
        <MailCheck aria-hidden="true" className="mt-px size-5 shrink-0 text-emerald-600" />
        <div>
          <p className="font-medium">{WaitlistMessage.unsubscribed}</p>
          <p className="mt-1 text-sm">{email} will get no more waitlist mail from us.</p>
        </div>
      </div>
      <p className="mt-6 text-ink-700 text-sm">Changed your mind? You can join again at any time.</p>
      <Link to={WAITLIST_PATH} className={buttonClasses({ variant: 'outline', className: 'mt-3' })}>
        Join the waitlist again
      </Link>
    </div>
  );
}
