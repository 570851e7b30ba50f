import type { User } from '@everdeal/contracts';
import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { AccountOverview } from '~/features/account/components/account-overview';
import type { Route } from './+types/user';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your account') },
  { name: 'robots', content: 'noindex' },
];

export default function UserOverview() {
  const { user } = useOutletContext<{ user: User }>();
  return <AccountOverview user={user} />;
}
