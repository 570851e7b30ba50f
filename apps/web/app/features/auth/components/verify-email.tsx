import { useQueryClient } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Spinner } from '~/components/ui/spinner';
import { callApi } from '~/lib/api-client';
import { type FormError, toFormError } from '~/lib/form-error';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { loginPathFor } from '~/lib/safe-redirect';
import { useAuth } from '~/shared/session/session-provider';

type Outcome = { kind: 'pending' } | { kind: 'done'; email: string } | { kind: 'refused'; failure: FormError };

/**
 * Decision 027: the verification link verifies on arrival in a session of the account it was
 * mailed for (the link proves the mailbox, the session whoever chose the password). A visitor is
 * asked to log in first and comes back here; a mail scanner that runs the page has no session
 * and verifies nothing.
 */
export function VerifyEmail({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { isLoggedIn, isRestored } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  // React's development double effect must not spend the link twice.
  const started = useRef(false);

  useEffect(() => {
    if (!isRestored || !isLoggedIn || started.current) return;
    started.current = true;
    (async () => {
      try {
        const { email } = await callApi('users/verifyEmail', { token }, { silent: true });
        setOutcome({ kind: 'done', email });
        await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      } catch (error) {
        setOutcome({ kind: 'refused', failure: toFormError(error) });
      }
    })();
  }, [token, queryClient, isRestored, isLoggedIn]);

  if (isRestored && !isLoggedIn) {
    const back = `/auth/verify-email?token=${encodeURIComponent(token)}`;
    return (
      <div className="space-y-6">
        <p className="text-ink-700">
          Log in to the account you registered with this address, and the link confirms it right after.
        </p>
        <Link to={loginPathFor(back)} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Log in to confirm
        </Link>
      </div>
    );
  }
  if (outcome.kind === 'pending') {
    return (
      <p className="flex items-center gap-3 text-ink-700" role="status">
        <Spinner /> Verifying your e-mail address…
      </p>
    );
  }
  const next = isLoggedIn ? (
    <Link to="/user" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
      Go to your account
    </Link>
  ) : (
    <Link to="/auth/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
      Log in
    </Link>
  );
  if (outcome.kind === 'refused') {
    return (
      <div className="space-y-6">
        <FormAlert tone={outcome.failure.tone}>{outcome.failure.message}</FormAlert>
        <p className="text-ink-500 text-sm">
          Links work once and for 24 hours. If your address is not verified yet, your account page sends a new one.
        </p>
        {next}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <div role="status" className="flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 text-sm">
        <CircleCheck aria-hidden="true" className="mt-px size-5 shrink-0 text-emerald-600" />
        <p>
          <strong className="break-all">{outcome.email}</strong> is verified. Thank you!
        </p>
      </div>
      {next}
    </div>
  );
}
