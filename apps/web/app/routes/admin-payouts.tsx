import { pageTitle } from '@everdeal/contracts/constants';
import { AdminPayoutsPage } from '~/features/admin/components/admin-payouts';
import type { Route } from './+types/admin-payouts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Payouts · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AdminPayoutsPage />;
}
