import { SELLER_AREA_PATH } from '@everdeal/contracts/seller-rules';
import { Suspense, useEffect } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { SkeletonText } from '~/components/ui/skeleton';
import { ApiError } from '~/lib/api-client';
import { lazyWithPreload } from '~/lib/lazy';
import { useSellerProduct } from '../api/seller-requests';

// The sections (forms, pictures, plans and codes) render only once the product is loaded in the
// browser, so their code loads beside the product's request: the page's first load stays within
// 150 KB (decision 006).
const Editor = lazyWithPreload(() => import('./product-editor-sections').then((module) => module.Editor));

/** `/seller/products/{id}`: one product from draft to live (requirements §13, decision 014). */
export function ProductEditor({ productId }: { productId: number }) {
  const product = useSellerProduct(productId);
  useEffect(() => void Editor.preload(), []);
  if (product.isPending) return <SkeletonText lines={8} />;
  if (product.isError) {
    const notFound = product.error instanceof ApiError && product.error.status === 404;
    return (
      <EmptyState
        title={notFound ? 'Product not found' : 'The product could not be loaded'}
        description={notFound ? 'It is not one of your products, or it was deleted.' : 'Reload the page to try again.'}
        action={
          <Link to={SELLER_AREA_PATH} className="font-semibold text-brand-700 underline">
            Back to your products
          </Link>
        }
      />
    );
  }
  return (
    <Suspense fallback={<SkeletonText lines={8} />}>
      <Editor product={product.data} />
    </Suspense>
  );
}
