import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '~/features/waitlist/components/unsubscribe-panel';
import type { Route } from './+types/waitlist-unsubscribe';

// A personal link: never indexed (decision 009).
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Leave the waitlist') },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** `/waitlist/unsubscribe?token=…`, the page of the link in every waitlist mail's footer. */
export default function WaitlistUnsubscribe() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <div className="mx-auto max-w-lg px-4 pt-12 pb-24 sm:pt-20">
      <div className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:p-8">
        <h1 className="mb-5 font-bold text-2xl text-ink-900 tracking-tight sm:text-3xl">Leave the waitlist</h1>
        <UnsubscribePanel token={token} />
      </div>
    </div>
  );
}
