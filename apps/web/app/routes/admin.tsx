import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { AdminOverviewPage } from '~/features/admin/components/admin-overview';
import type { AdminContext } from '~/features/admin/components/admin-shell';
import type { Route } from './+types/admin';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Admin') }, { name: 'robots', content: 'noindex' }];

export default function Page() {
  return <AdminOverviewPage {...useOutletContext<AdminContext>()} />;
}
