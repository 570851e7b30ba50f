import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { SellerSalesList } from '~/features/seller/components/seller-sales-list';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-sales';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Sales') }, { name: 'robots', content: 'noindex' }];

export default function Page() {
  return <SellerSalesList {...useOutletContext<SellerContext>()} />;
}
