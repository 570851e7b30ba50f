import { pageTitle } from '@everdeal/contracts/constants';
import { SalesPage } from '~/features/sales/components/sales-page';
import type { Route } from './+types/admin-sales';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sales · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <SalesPage />;
}
