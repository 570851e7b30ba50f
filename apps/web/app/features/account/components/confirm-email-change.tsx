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
import { setUser } from '~/shared/session/auth-store';

type Outcome = { kind: 'pending' } | { kind: 'done'; email: string } | { kind: 'refused'; failure: FormError };

/**
 * Decision 027: the link mailed to the new address, opened while logged in to the account that
 * asked (the page sits in the account area, so a visitor logs in first and comes back). It is
 * spent once, as the page opens: the session already proves whose change it is.
 */
export function ConfirmEmailChange({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  // React's development double effect must not spend the link twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    (async () => {
      try {
        const { email } = await callApi('users/confirmEmailChange', { token }, { silent: true });
        setUser(await callApi('users/getUserProfile', {}, { silent: true }));
        await queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        setOutcome({ kind: 'done', email });
      } catch (error) {
        setOutcome({ kind: 'refused', failure: toFormError(error) });
      }
    })();
  }, [token, queryClient]);

  if (outcome.kind === 'pending') {
    return (
      <p className="flex items-center gap-3 text-ink-700" role="status">
        <Spinner /> Confirming your new e-mail address…
      </p>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <div className="space-y-4">
        <FormAlert tone={outcome.failure.tone}>{outcome.failure.message}</FormAlert>
        <p className="text-ink-500 text-sm">
          Links work once, for 24 hours, and only for the account that asked.{' '}
          <Link to="/user/personal-info" className="font-semibold text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div role="status" className="flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 text-sm">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
        <p>
          Your e-mail address is now <strong className="break-all">{outcome.email}</strong>. Log in with it from now on;
          your other devices were logged out.
        </p>
      </div>
      <Link to="/user/personal-info" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
        Back to personal info
      </Link>
    </div>
  );
}
