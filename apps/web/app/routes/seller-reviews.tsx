import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { SellerReviews } from '~/features/seller/components/seller-inbox';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-reviews';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Reviews of your products') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <SellerReviews {...useOutletContext<SellerContext>()} />;
}
