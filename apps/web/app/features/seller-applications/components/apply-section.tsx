import LogIn from 'lucide-react/icons/log-in';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { landOnSection } from '~/lib/land-on-section';
import { lazyWithPreload } from '~/lib/lazy';
import { loginPathFor } from '~/lib/safe-redirect';
import { useAuth } from '~/shared/session/session-provider';
import { useMyApplication } from '../api/seller-application';

// The form (with its rules) and the status show only in the browser, once the session and the
// application are known, so their code loads beside that request (decision 006: 150 KB per page).
const ApplicationForm = lazyWithPreload(() => import('./application-form').then((module) => module.ApplicationForm));
const ApplicationStatus = lazyWithPreload(() =>
  import('./application-status').then((module) => module.ApplicationStatus),
);

function ApplicationLoading() {
  return (
    <LoadingRegion label="Loading your application…" className="space-y-4">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-32 w-full" />
    </LoadingRegion>
  );
}

/** Where logging in or creating an account returns to: the form, not the top of /launch. */
const APPLY_PATH = '/launch#apply';

/**
 * Back from logging in or creating an account at "/launch#apply", the section is scrolled to
 * and its heading focused once what it shows is known: the loading state above it is shorter
 * than the form, so the router's own jump to the anchor would be left short.
 */
function useLandOnApply(isSettled: boolean) {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (its key) lands again
  useEffect(() => {
    if (!isSettled || hash !== '#apply') return;
    return landOnSection('apply', 'apply-title');
  }, [isSettled, hash, key]);
}

/**
 * The application part of /launch (requirements §13). The session lives in the browser, so the
 * server renders the loading state; then a visitor is asked to log in (and comes back here), a
 * user who has an application sees where it stands, anyone else gets the form.
 */
export function ApplySection() {
  const { isRestored, isLoggedIn, user } = useAuth();
  const mine = useMyApplication();
  const [isApplyingAgain, setIsApplyingAgain] = useState(false);
  const [isJustSubmitted, setIsJustSubmitted] = useState(false);
  const application = mine.data?.application ?? null;
  useEffect(() => {
    if (!isLoggedIn) return;
    void ApplicationForm.preload();
    void ApplicationStatus.preload();
  }, [isLoggedIn]);
  useLandOnApply(isRestored && !(isLoggedIn && mine.isPending));

  let body: ReactNode;
  if (!isRestored || (isLoggedIn && mine.isPending)) {
    body = <ApplicationLoading />;
  } else if (!isLoggedIn || !user) {
    body = (
      <div>
        <p className="text-ink-700">
          Applications come from an Everdeal account, so you can follow the answer here. Log in, or create an account,
          and the form appears on this page.
        </p>
        <div className="mt-5 flex flex-col gap-3 min-[420px]:flex-row">
          <Link to={loginPathFor(APPLY_PATH)} className={buttonClasses({ size: 'lg' })}>
            <LogIn aria-hidden="true" className="size-4.5" />
            Log in to apply
          </Link>
          <Link
            to={`/auth/register?redirect=${encodeURIComponent(APPLY_PATH)}`}
            className={buttonClasses({ size: 'lg', variant: 'outline' })}
          >
            Create account
          </Link>
        </div>
      </div>
    );
  } else if (mine.isError) {
    body = (
      <FormAlert>
        We could not load your application.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void mine.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  } else if (application && !(application.status === 'rejected' && isApplyingAgain)) {
    body = (
      <Suspense fallback={<ApplicationLoading />}>
        <ApplicationStatus
          application={application}
          isJustSubmitted={isJustSubmitted}
          onApplyAgain={() => setIsApplyingAgain(true)}
        />
      </Suspense>
    );
  } else {
    body = (
      <Suspense fallback={<ApplicationLoading />}>
        <ApplicationForm
          accountEmail={user.email}
          previous={application}
          onSubmitted={() => {
            setIsApplyingAgain(false);
            setIsJustSubmitted(true);
          }}
        />
      </Suspense>
    );
  }

  return (
    <section id="apply" aria-labelledby="apply-title" className="scroll-mt-24">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-12">
        <div>
          <h2
            id="apply-title"
            tabIndex={-1}
            className="font-bold text-2xl text-ink-900 tracking-tight focus:outline-none sm:text-3xl"
          >
            Apply to launch
          </h2>
          <p className="mt-3 text-ink-700">
            Tell us about your company and your product. We test every product ourselves and reply by e-mail within 5
            business days.
          </p>
          <ul className="mt-6 space-y-3 text-ink-700 text-sm">
            <li className="flex gap-3">
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" />
              One application at a time: you can follow it here while we review it.
            </li>
            <li className="flex gap-3">
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" />
              Once approved, your account opens a seller area for products, plans and license codes.
            </li>
            <li className="flex gap-3">
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-500" />
              Not accepted? We tell you why, and you may apply again.
            </li>
          </ul>
        </div>
        <div className="min-w-0 rounded-card bg-surface p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8">{body}</div>
      </div>
    </section>
  );
}
