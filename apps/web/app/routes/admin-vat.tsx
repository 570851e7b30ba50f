import { pageTitle } from '@everdeal/contracts/constants';
import { AdminVatPage } from '~/features/admin/components/admin-vat';
import type { Route } from './+types/admin-vat';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('VAT · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AdminVatPage />;
}
