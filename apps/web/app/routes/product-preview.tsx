import { pageTitle } from '@everdeal/contracts/constants';
import { lazy, Suspense, useState } from 'react';
import { CatalogueActions } from '~/catalogue-actions';
import { ProductPageSkeleton } from '~/components/ui/product-skeletons';
import { LoadingRegion } from '~/components/ui/skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useProductPreview } from '~/features/catalog/api/get-product-preview';
import { toProductPageView } from '~/features/catalog/product-page-view';
import { NotFoundContent } from '~/features/shell/components/not-found-content';
import { ApiError } from '~/lib/api-client';
import { isSlug } from '~/shared/catalog/slug';
import { redirectVisitorToLogin, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/product-preview';

// The page's data comes from the browser (the session lives there), so its code loads beside that
// request instead of before it: the preview stays within the first-load budget
// (docs/benchmarks.md, bundle size), and its skeleton shows meanwhile.
const ProductPage = lazy(() =>
  import('~/features/catalog/components/product-page').then((module) => ({ default: module.ProductPage })),
);

/** Decision 017: a visitor is sent to log in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;

/**
 * Decision 022: one person's page. `no-store` keeps it out of the shared page cache (decision 004)
 * and any other cache, `private` out of shared ones even where `no-store` is ignored; search
 * engines are told not to index it, in the header as in the meta tag.
 */
export function headers(): HeadersInit {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Preview') }, { name: 'robots', content: 'noindex' }];

/** Where the public page has its reviews, questions, updates and threads: none before launch. */
function CommunityPlaceholder() {
  return (
    <section aria-labelledby="preview-community" className="rounded-card bg-surface p-6 ring-1 ring-ink-900/5">
      <h2 id="preview-community" className="font-bold text-2xl text-ink-900 tracking-tight">
        Reviews, questions and updates
      </h2>
      <p className="mt-2 text-ink-500">
        Shoppers’ reviews, questions, your updates and discussions appear here once the product is live.
      </p>
    </section>
  );
}

/**
 * `/products/{slug}/preview` (requirements §13, decision 022): the product page of a product not
 * yet in the store, for an admin reviewing it or a member of its seller. The session lives in the
 * browser, so the server renders a skeleton and the browser asks `products/getProductPreview`;
 * anyone else gets the "Page not found" of an unknown product.
 */
export default function ProductPreviewPage({ params }: Route.ComponentProps) {
  const user = useRequireLogin();
  const isWellFormed = isSlug(params.slug);
  const preview = useProductPreview(isWellFormed ? params.slug : '');
  const [now] = useState(() => Date.now());
  const isNotFound =
    !isWellFormed || (preview.error instanceof ApiError && [404, 422].includes(preview.error.status ?? 0));

  if (user && isNotFound) return <NotFoundContent />;
  if (user && preview.data) {
    const { product, reviewStatus, isPublished } = preview.data;
    return (
      <Suspense fallback={<PreviewSkeleton />}>
        <CatalogueActions>
          <ProductPage
            product={toProductPageView(product)}
            related={[]}
            now={now}
            publicUrl=""
            community={<CommunityPlaceholder />}
            preview={{ reviewStatus, isPublished }}
          />
        </CatalogueActions>
      </Suspense>
    );
  }
  if (user && preview.isError) {
    return (
      <p className="mx-auto mt-10 max-w-xl rounded-card bg-white p-6 text-ink-700 shadow-card">
        The preview could not be loaded.{' '}
        <button type="button" onClick={() => void preview.refetch()} className="font-semibold text-brand-700 underline">
          Try again
        </button>
      </p>
    );
  }
  return <PreviewSkeleton />;
}

function PreviewSkeleton() {
  return (
    <LoadingRegion label="Loading the preview…" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
      <ProductPageSkeleton />
    </LoadingRegion>
  );
}
