import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { SellerDashboard } from '~/features/seller/components/seller-dashboard';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Seller area') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <SellerDashboard {...useOutletContext<SellerContext>()} />;
}
