import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { SellerPayouts } from '~/features/seller/components/seller-payouts';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-payouts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Earnings and payouts') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <SellerPayouts {...useOutletContext<SellerContext>()} />;
}
