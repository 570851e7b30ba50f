import { pageTitle } from '@everdeal/contracts/constants';
import { AdminProductsPage } from '~/features/admin/components/admin-products';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Products · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AdminProductsPage />;
}
