import { pageTitle } from '@everdeal/contracts/constants';
import { productPath } from '@everdeal/contracts/paths';
import { data } from 'react-router';
import { ProductPage } from '~/features/catalog/components/product-page';
import { toProductPageView } from '~/features/catalog/product-page-view';
import { seoMeta } from '~/lib/seo';
import { toProductCardView } from '~/shared/catalog/product-card-view';
import type { Route } from './+types/product';

const RELATED_COUNT = 4;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const product = await context.services.getProduct({ slug: params.slug });
    // One extra, in case the product itself is among the category's top deals.
    // A section: no total is counted.
    const related = await context.services.getProductSection({
      category: product.category.slug,
      sort: 'trending',
      status: 'live',
      pageSize: RELATED_COUNT + 1,
    });
    return {
      product: toProductPageView(product),
      related: related
        .filter((item) => item.id !== product.id)
        .slice(0, RELATED_COUNT)
        .map(toProductCardView),
      // The render time, so the server and the hydrating browser word the deal status alike.
      now: Date.now(),
      publicUrl: context.publicUrl,
    };
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, publicUrl } = loaderData;
  const image = product.gallery[0];
  return seoMeta({
    title: pageTitle(product.name),
    description: `${product.tagline}. Get ${product.name} on Everdeal.`,
    publicUrl,
    path: productPath(product.slug),
    image: image?.url ?? product.logoUrl,
    imageAlt: image?.alt ?? `${product.name} logo`,
    type: 'product',
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage {...loaderData} />;
}
