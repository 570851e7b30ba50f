import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { GiftClaim } from '~/features/gifts/components/gift-claim';
import type { Route } from './+types/gift-claim';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Claim your gift') },
  { name: 'robots', content: 'noindex' },
];

/** The page of a mailed gift or transfer link `/gift/claim?token=…` (decision 043). */
export default function GiftClaimPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <div className="mx-auto max-w-xl px-4 pt-8 pb-20 sm:px-6">
      <h1 className="mb-6 font-extrabold text-3xl text-ink-900 tracking-tight">Claim your gift</h1>
      {token ? (
        <GiftClaim token={token} />
      ) : (
        <p className="text-ink-700 text-sm">
          This link is incomplete: it has no token. Open the whole link from the e-mail again.
        </p>
      )}
    </div>
  );
}
