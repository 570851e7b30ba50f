import { pageTitle } from '@everdeal/contracts/constants';
import { CouponsPage } from '~/features/coupons/components/coupons-page';
import type { Route } from './+types/admin-coupons';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Coupons · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <CouponsPage area="admin" />;
}
