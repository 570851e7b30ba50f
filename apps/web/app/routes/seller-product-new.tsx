import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { NewProductForm } from '~/features/seller/components/new-product-form';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-product-new';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('New product') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <NewProductForm {...useOutletContext<SellerContext>()} />;
}
