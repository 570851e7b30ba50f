import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { SellerAnalyticsPage } from '~/features/seller/components/seller-analytics';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-analytics';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Analytics') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <SellerAnalyticsPage {...useOutletContext<SellerContext>()} />;
}
