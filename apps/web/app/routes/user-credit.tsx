import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { CreditPage } from '~/features/wallet/components/credit-page';
import type { Route } from './+types/user-credit';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Store credit') },
  { name: 'robots', content: 'noindex' },
];

/** `/user/credit` (shared requirements "Store credit", decision 030): the signed-in user's wallet. */
export default function UserCredit() {
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Math.min(10_000, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1));
  return (
    <div>
      <h2 className="sr-only">Store credit</h2>
      <CreditPage page={page} />
    </div>
  );
}
