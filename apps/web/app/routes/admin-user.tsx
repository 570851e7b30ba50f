import { pageTitle } from '@everdeal/contracts/constants';
import { AdminUserPage } from '~/features/admin/components/admin-user-page';
import type { Route } from './+types/admin-user';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('User · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page({ params }: Route.ComponentProps) {
  return <AdminUserPage key={params.userId} userId={params.userId.toLowerCase()} />;
}
