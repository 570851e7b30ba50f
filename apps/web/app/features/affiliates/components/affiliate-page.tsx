import {
  AFFILIATE_ATTRIBUTION_DAYS,
  AFFILIATE_COMMISSION_PERCENT,
  DEFAULT_REFUND_WINDOW_DAYS,
} from '@everdeal/contracts/constants';
import BadgePercent from 'lucide-react/icons/badge-percent';
import Link2 from 'lucide-react/icons/link-2';
import ShieldCheck from 'lucide-react/icons/shield-check';
import UserPlus from 'lucide-react/icons/user-plus';
import { Button } from '~/components/ui/button';
import { LoadingRegion, Skeleton } from '~/components/ui/skeleton';
import { preloadLoginModal, requireLogin } from '~/shared/session/login-prompt';
import { useAuth } from '~/shared/session/session-provider';
import { useAffiliateDashboard, useJoinAffiliateProgramme } from '../api/affiliate-requests';
import { AffiliateDashboard } from './affiliate-dashboard';

const STEPS = [
  {
    icon: UserPlus,
    title: 'Join in one click',
    body: 'Any Everdeal account can join. You get a code of your own at once.',
  },
  {
    icon: Link2,
    title: 'Share any page',
    body: `Add ?ref=YOURCODE to a link to any deal. For ${AFFILIATE_ATTRIBUTION_DAYS} days, what that visitor buys counts for you; the last code they followed wins.`,
  },
  {
    icon: BadgePercent,
    title: `Earn ${AFFILIATE_COMMISSION_PERCENT}%`,
    body: `${AFFILIATE_COMMISSION_PERCENT}% of what each order paid. It is pending while the deal can still be refunded (usually ${DEFAULT_REFUND_WINDOW_DAYS} days), then approved; a refund takes it back. Your own purchases never count.`,
  },
] as const;

/** The member area: loading, the visitor's sign-in prompt, the join button, or the dashboard. */
function MemberPanel() {
  const { isRestored, isLoggedIn } = useAuth();
  const dashboard = useAffiliateDashboard();
  const join = useJoinAffiliateProgramme();

  if (!isRestored || (isLoggedIn && dashboard.isPending)) {
    return (
      <LoadingRegion label="Loading your affiliate dashboard…" className="space-y-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  }
  if (isLoggedIn && dashboard.isError) {
    return (
      <p className="text-ink-700 text-sm">
        Your dashboard could not be loaded.{' '}
        <button
          type="button"
          onClick={() => dashboard.refetch()}
          className="font-semibold text-brand-700 hover:underline"
        >
          Try again
        </button>
      </p>
    );
  }
  if (isLoggedIn && dashboard.data) return <AffiliateDashboard dashboard={dashboard.data} />;
  return (
    <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-ink-700">
        {isLoggedIn
          ? 'Join to get your code and your links.'
          : 'Log in or create an account to join; it takes one click after that.'}
      </p>
      <Button
        size="lg"
        isLoading={join.isPending}
        onPointerEnter={isLoggedIn ? undefined : preloadLoginModal}
        onFocus={isLoggedIn ? undefined : preloadLoginModal}
        onClick={() => requireLogin(() => join.mutate())}
      >
        Join the affiliate programme
      </Button>
    </div>
  );
}

/** Requirements §2 "/affiliate", §13: how the programme works, joining, and the dashboard. */
export function AffiliatePage() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-2xl">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700 text-xs uppercase tracking-wider">
          <BadgePercent aria-hidden="true" className="size-3.5" />
          Affiliate programme
        </p>
        <h1 className="mt-4 font-extrabold text-3xl text-ink-900 tracking-tight sm:text-5xl">
          Share the deals you love, earn {AFFILIATE_COMMISSION_PERCENT}%
        </h1>
        <p className="mt-3 text-ink-500 text-lg">
          Recommend AI tools to your audience and earn {AFFILIATE_COMMISSION_PERCENT}% of every order your links bring
          in, for {AFFILIATE_ATTRIBUTION_DAYS} days after each click.
        </p>
      </header>

      <ol className="mt-10 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5">
            <step.icon aria-hidden="true" className="size-6 text-brand-600" />
            <h2 className="mt-3 font-semibold text-ink-900">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h2>
            <p className="mt-1.5 text-ink-500 text-sm leading-relaxed">{step.body}</p>
          </li>
        ))}
      </ol>

      <section
        aria-label="Your affiliate account"
        className="mt-10 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8"
      >
        <MemberPanel />
      </section>

      <p className="mt-6 flex items-start gap-2 text-ink-500 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        Clicks are remembered with a first-party cookie for {AFFILIATE_ATTRIBUTION_DAYS} days; nothing is shared with
        other sites.
      </p>
    </div>
  );
}
