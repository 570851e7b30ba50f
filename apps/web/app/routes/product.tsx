import { pageTitle, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@everdeal/contracts/constants';
import { productPath } from '@everdeal/contracts/paths';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { data } from 'react-router';
import { CatalogueActions } from '~/catalogue-actions';
import { recordProductView } from '~/features/catalog/api/record-product-view';
import { ProductPage } from '~/features/catalog/components/product-page';
import { toProductPageView } from '~/features/catalog/product-page-view';
import { toQuestionView, toReviewView, toThreadView, toUpdateView } from '~/features/community/community-views';
import { pageData, readPageData } from '~/lib/page-data';
import { seoMeta } from '~/lib/seo';
import { loadProductBySlug } from '~/shared/catalog/load-product';
import { toProductCardView } from '~/shared/catalog/product-card-view';
import type { Route } from './+types/product';

/**
 * The community sections are below the fold and mostly text: the server renders them in full,
 * the browser hydrates them once their own chunk arrives (React keeps the server HTML of a
 * suspended boundary meanwhile), so they stay out of the product page's first-load budget.
 */
const CommunitySections = lazy(() =>
  import('~/features/community/components/community-sections').then((module) => ({
    default: module.CommunitySections,
  })),
);

const RELATED_COUNT = 4;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const product = await loadProductBySlug(context.services, params.slug, url);
  try {
    const { services } = context;
    const [related, { reviews, questions, updates, threads }] = await Promise.all([
      // One extra, in case the product itself is among the category's top deals.
      // A section: no total is counted.
      services.getProductSection({
        category: product.category.slug,
        sort: 'trending',
        status: 'live',
        pageSize: RELATED_COUNT + 1,
      }),
      // The first few of every community list with their totals, in one statement.
      services.getCommunityPreview({ productId: product.id }),
    ]);
    return pageData({
      product: toProductPageView(product),
      related: related
        .filter((item) => item.id !== product.id)
        .slice(0, RELATED_COUNT)
        .map(toProductCardView),
      // The render time, so the server and the hydrating browser word the deal status alike.
      now: Date.now(),
      publicUrl: context.publicUrl,
      community: {
        reviews: { items: reviews.items.map(toReviewView), total: reviews.total },
        questions: { items: questions.items.map(toQuestionView), total: questions.total },
        updates: { items: updates.items.map(toUpdateView), total: updates.total },
        threads: { items: threads.items.map(toThreadView), total: threads.total },
      },
    });
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, publicUrl } = readPageData(loaderData);
  // Social sites show neither the SVG gallery nor the SVG logo: the PNG share card, else the
  // store's brand card, both 1200×630 (requirements §10).
  return seoMeta({
    title: pageTitle(product.name),
    description: `${product.tagline}. Get ${product.name} on Everdeal.`,
    publicUrl,
    path: productPath(product.slug),
    ...(product.shareImage
      ? {
          image: product.shareImage,
          imageAlt: `${product.name}: ${product.tagline}`,
          imageSize: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT },
        }
      : {}),
    type: 'product',
  });
};

export default function ProductRoute({ loaderData: data }: Route.ComponentProps) {
  const loaderData = readPageData(data);
  // Requirements §13 analytics (decision 025): the view is counted from the browser, once shown.
  const productId = loaderData.product.id;
  useEffect(() => recordProductView(productId), [productId]);
  // A link to a section of the page ("#questions") changes only the URL's hash, and the router
  // renders the route again with the same data. The same element lets React skip the page, so a
  // section still waiting for its chunk keeps the server's HTML: an update would make React drop
  // that HTML until the chunk arrives, and the router, finding no "#questions" to scroll to, went
  // to the top of the page instead (e2e/discovery.spec.ts, the section links).
  return useMemo(() => {
    const { community, ...page } = loaderData;
    return (
      <CatalogueActions>
        <ProductPage
          {...page}
          reviewsJsonLd={community.reviews.items}
          community={
            <Suspense fallback={null}>
              <CommunitySections
                productId={page.product.id}
                slug={page.product.slug}
                productName={page.product.name}
                sellerName={page.product.seller.name}
                preview={community}
              />
            </Suspense>
          }
        />
      </CatalogueActions>
    );
  }, [loaderData]);
}
