import { COMMUNITY_PAGE_SIZE } from '@everdeal/contracts/community-messages';
import { pageTitle } from '@everdeal/contracts/constants';
import { productUpdatesPath } from '@everdeal/contracts/paths';
import Megaphone from 'lucide-react/icons/megaphone';
import { data } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';
import { pageCountOf, parsePage } from '~/features/community/community-params';
import { toUpdateView } from '~/features/community/community-views';
import { CommunityPage } from '~/features/community/components/community-page';
import { UpdateCard } from '~/features/community/components/update-card';
import { loadProductRef } from '~/features/community/load-community';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product-updates';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = parsePage(url.searchParams);
  const product = await loadProductRef(context.services, params.slug, url);
  const list = await context.services.getUpdates({ slug: product.slug, page, pageSize: COMMUNITY_PAGE_SIZE });
  if (page > 1 && list.items.length === 0) throw data(null, { status: 404 });
  return { product, page, total: list.total, updates: list.items.map(toUpdateView), publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, page, publicUrl } = loaderData;
  return seoMeta({
    title: pageTitle(`${product.name} updates${page > 1 ? `, page ${page}` : ''}`),
    description: `${product.name}'s changelog: what ${product.sellerName} shipped, newest first.`,
    publicUrl,
    path: productUpdatesPath(product.slug, page),
  });
};

export default function ProductUpdates({ loaderData }: Route.ComponentProps) {
  const { product, page, total, updates } = loaderData;
  return (
    <CommunityPage
      product={product}
      section="Updates"
      title={`${product.name} updates`}
      subtitle={`By ${product.sellerName}`}
    >
      {updates.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title="No updates yet"
          description={`${product.sellerName} posts product news here.`}
        />
      ) : (
        updates.map((update) => <UpdateCard key={update.id} update={update} slug={product.slug} headingLevel="h2" />)
      )}
      <Pagination
        page={page}
        pageCount={pageCountOf(total)}
        hrefFor={(target) => productUpdatesPath(product.slug, target)}
      />
    </CommunityPage>
  );
}
