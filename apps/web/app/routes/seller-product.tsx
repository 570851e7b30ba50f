import { pageTitle } from '@everdeal/contracts/constants';
import { useParams } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { ProductEditor } from '~/features/seller/components/product-editor';
import type { Route } from './+types/seller-product';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Edit product') },
  { name: 'robots', content: 'noindex' },
];

export default function SellerProduct() {
  const productId = Number(useParams().productId);
  if (!Number.isInteger(productId) || productId <= 0) return <EmptyState title="Product not found" />;
  return <ProductEditor productId={productId} />;
}
