import { pageTitle } from '@everdeal/contracts/constants';
import { ApplicationsPage } from '~/features/admin/components/applications-page';
import type { Route } from './+types/admin-applications';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Seller applications · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <ApplicationsPage />;
}
