import { pageTitle } from '@everdeal/contracts/constants';
import { AdminOrdersPage } from '~/features/admin/components/admin-orders';
import type { Route } from './+types/admin-orders';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Orders · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AdminOrdersPage />;
}
