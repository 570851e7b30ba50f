import { categoryPath, productPath } from '@everdeal/contracts/paths';
import { JsonLd } from '~/components/ui/json-ld';
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  type ProductJsonLdReview,
  productJsonLd,
  websiteJsonLd,
} from '~/lib/structured-data';
import type { ProductPageView } from '../product-page-view';

/**
 * The structured data of the home, category and product pages. Crawlers read it in the server's HTML and
 * the browser never changes it, so the pages load this module lazily: the builders stay out of
 * the first load (docs/benchmarks.md, "First-load JavaScript") and the hydrating browser keeps
 * the server's script as it is until the chunk arrives.
 */
export function HomeJsonLd({ publicUrl }: { publicUrl: string }) {
  return <JsonLd data={[organizationJsonLd(publicUrl), websiteJsonLd(publicUrl)]} />;
}

export function CategoryJsonLd({
  publicUrl,
  category,
}: {
  publicUrl: string;
  category: { name: string; slug: string };
}) {
  return (
    <JsonLd
      data={breadcrumbJsonLd(publicUrl, [
        { name: 'Home', path: '/' },
        { name: category.name, path: categoryPath(category.slug) },
      ])}
    />
  );
}

export function ProductJsonLd({
  product,
  publicUrl,
  reviews = [],
}: {
  product: ProductPageView;
  publicUrl: string;
  /** The reviews the page shows, as Review items beside the AggregateRating (decision 011). */
  reviews?: ProductJsonLdReview[];
}) {
  return (
    <JsonLd
      data={[
        productJsonLd(publicUrl, product, reviews),
        breadcrumbJsonLd(publicUrl, [
          { name: 'Home', path: '/' },
          { name: product.category.name, path: categoryPath(product.category.slug) },
          { name: product.name, path: productPath(product.slug) },
        ]),
      ]}
    />
  );
}
