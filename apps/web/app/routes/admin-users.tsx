import { pageTitle } from '@everdeal/contracts/constants';
import { AdminUsersPage } from '~/features/admin/components/admin-users';
import type { Route } from './+types/admin-users';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Users · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AdminUsersPage />;
}
