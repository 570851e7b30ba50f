import { pageTitle } from '@everdeal/contracts/constants';
import { AdminModerationPage } from '~/features/admin/components/admin-moderation';
import type { Route } from './+types/admin-moderation';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Moderation · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AdminModerationPage />;
}
