import { pageTitle } from '@everdeal/contracts/constants';
import { productPath, productUpdatePath, productUpdatesPath } from '@everdeal/contracts/paths';
import { data } from 'react-router';
import { ProseHtml } from '~/components/ui/prose';
import { parseId } from '~/features/community/community-params';
import { toUpdateView } from '~/features/community/community-views';
import { CommunityPage } from '~/features/community/components/community-page';
import { orNotFound } from '~/features/community/load-community';
import { formatDate, isoDay } from '~/lib/format-date';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product-update';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const update = await orNotFound(context.services.getUpdate({ id }));
  // An update lives under its own product's URL only.
  if (update.productSlug !== params.slug) throw data(null, { status: 404 });
  return {
    product: { slug: update.productSlug, name: update.productName },
    update: toUpdateView(update),
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, update, publicUrl } = loaderData;
  return seoMeta({
    title: pageTitle(`${update.title} · ${product.name}`),
    description: `${product.name} update of ${formatDate(update.postedOn)}.`,
    publicUrl,
    path: productUpdatePath(product.slug, update.id),
    type: 'article',
  });
};

export default function ProductUpdate({ loaderData }: Route.ComponentProps) {
  const { product, update } = loaderData;
  return (
    <CommunityPage
      product={product}
      section="Updates"
      sectionHref={productUpdatesPath(product.slug)}
      title={update.title}
      subtitle={
        <time dateTime={isoDay(update.postedOn)}>
          {formatDate(update.postedOn)} · <a href={productPath(product.slug)}>{product.name}</a>
        </time>
      }
    >
      <ProseHtml html={update.bodyHtml} />
    </CommunityPage>
  );
}
