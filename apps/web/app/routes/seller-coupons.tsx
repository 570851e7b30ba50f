import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { CouponsPage } from '~/features/coupons/components/coupons-page';
import { useSellerDashboard } from '~/features/seller/api/seller-requests';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-coupons';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Coupons') }, { name: 'robots', content: 'noindex' }];

export default function Page() {
  const { seller } = useOutletContext<SellerContext>();
  const dashboard = useSellerDashboard(seller.id);
  const products = (dashboard.data?.products ?? []).map((product) => ({ id: product.id, name: product.name }));
  return <CouponsPage area="seller" sellerId={seller.id} products={products} />;
}
