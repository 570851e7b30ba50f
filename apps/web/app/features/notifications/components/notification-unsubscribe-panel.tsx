import {
  NOTIFICATION_SETTINGS_PATH,
  NotificationMessage,
  type NotificationTopic,
} from '@everdeal/contracts/notification-topics';
import BellRing from 'lucide-react/icons/bell-ring';
import MailCheck from 'lucide-react/icons/mail-check';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { toFormError } from '~/lib/form-error';
import { useResubscribeByToken, useUnsubscribeByToken } from '../api/notification-settings';

type Unsubscribed = { topic: NotificationTopic; topicLabel: string; email: string };

/**
 * The page of a notification mail's unsubscribe link (decision 029). The token is spent only when
 * the reader presses the button, as on the waitlist's page (decision 009): mail scanners and link
 * previews open links, some of them in a full browser that runs this script, and must not turn
 * anyone's mail off by doing so. Mail clients use the RFC 8058 one-click POST instead, which needs
 * no page at all.
 */
export function NotificationUnsubscribePanel({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeByToken();
  const failure = unsubscribe.error ? toFormError(unsubscribe.error) : null;
  // An unknown token (404) or one that cannot be ours (422) is a bad link; anything else
  // (a 429, the network) may pass, so the button stays for another try.
  const isInvalidLink = !token || failure?.status === 404 || failure?.status === 422;

  if (unsubscribe.data) return <UnsubscribedNotice token={token} unsubscribed={unsubscribe.data} />;
  if (isInvalidLink) {
    return (
      <>
        <FormAlert tone="warning">{NotificationMessage.invalidUnsubscribeLink}</FormAlert>
        <p className="mt-5 text-ink-700 text-sm leading-relaxed">
          You can also sign in and choose which mails you get on your notification settings page.
        </p>
        <SettingsLink />
      </>
    );
  }
  return (
    <>
      <p className="text-ink-700 leading-relaxed">
        Press the button to stop this kind of mail, the kind whose link you followed. The other mails you chose keep
        coming, and so do receipts and security mail.
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

function UnsubscribedNotice({ token, unsubscribed }: { token: string; unsubscribed: Unsubscribed }) {
  const resubscribe = useResubscribeByToken();
  const failure = resubscribe.error ? toFormError(resubscribe.error) : null;
  const ref = useRef<HTMLDivElement>(null);
  const isBackOn = resubscribe.isSuccess;
  // The button that had focus is gone (or changed meaning): the notice takes it and is read out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when the undo lands
  useEffect(() => ref.current?.focus(), [isBackOn]);
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      {isBackOn ? (
        <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-brand-900">
          <BellRing aria-hidden="true" className="mt-px size-5 shrink-0 text-brand-600" />
          <div>
            <p className="font-medium">You are subscribed again.</p>
            <p className="mt-1 text-sm">
              You will get {unsubscribed.topicLabel} at <Address email={unsubscribed.email} /> again.
            </p>
          </div>
        </div>
      ) : (
        <div className="flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
          <MailCheck aria-hidden="true" className="mt-px size-5 shrink-0 text-emerald-600" />
          <div>
            <p className="font-medium">You have been unsubscribed.</p>
            <p className="mt-1 text-sm">
              You will no longer get {unsubscribed.topicLabel} at <Address email={unsubscribed.email} />.
            </p>
          </div>
        </div>
      )}
      {failure ? (
        <FormAlert tone={failure.tone} className="mt-5">
          {failure.message}
        </FormAlert>
      ) : null}
      {isBackOn ? null : (
        <>
          <p className="mt-6 text-ink-700 text-sm">Pressed it by mistake?</p>
          <Button
            variant="outline"
            className="mt-3"
            isLoading={resubscribe.isPending}
            onClick={() => resubscribe.mutate(token)}
          >
            Undo
          </Button>
        </>
      )}
      <p className="mt-6 text-ink-700 text-sm">{NotificationMessage.alwaysSent}</p>
      <SettingsLink />
    </div>
  );
}

/** A masked address ("a…@example.com") is one word: it never breaks at its ellipsis. */
function Address({ email }: { email: string }) {
  return <span className="whitespace-nowrap">{email}</span>;
}

function SettingsLink() {
  return (
    <p className="mt-3 text-sm">
      <Link to={NOTIFICATION_SETTINGS_PATH} className="font-semibold text-brand-700 hover:underline">
        Manage all notifications
      </Link>
    </p>
  );
}
