import { COMMUNITY_PAGE_SIZE } from '@everdeal/contracts/community-messages';
import { pageTitle } from '@everdeal/contracts/constants';
import { productThreadsPath, threadFormPath } from '@everdeal/contracts/paths';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { data, Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';
import { pageCountOf, parsePage } from '~/features/community/community-params';
import { toThreadView } from '~/features/community/community-views';
import { CommunityPage } from '~/features/community/components/community-page';
import { ThreadCard } from '~/features/community/components/thread-card';
import { loadProductRef } from '~/features/community/load-community';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product-community';

// Every discussion thread of a product, paged (requirements §2 lists this page as ours): the
// product page shows the first few. Each thread opens its replies and reply form in place, as there.

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = parsePage(url.searchParams);
  const product = await loadProductRef(context.services, params.slug, url);
  const list = await context.services.getThreads({ slug: product.slug, page, pageSize: COMMUNITY_PAGE_SIZE });
  if (page > 1 && list.items.length === 0) throw data(null, { status: 404 });
  return { product, page, total: list.total, threads: list.items.map(toThreadView), publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, page, publicUrl } = loaderData;
  return seoMeta({
    title: pageTitle(`${product.name} discussions${page > 1 ? `, page ${page}` : ''}`),
    description: `Buyers of ${product.name} share tips and workflows on Everdeal.`,
    publicUrl,
    path: productThreadsPath(product.slug, page),
  });
};

export default function ProductCommunity({ loaderData }: Route.ComponentProps) {
  const { product, page, total, threads } = loaderData;
  return (
    <CommunityPage
      product={product}
      section="Community"
      title={`Discussions about ${product.name}`}
      subtitle={`${total} ${total === 1 ? 'discussion' : 'discussions'}`}
      action={
        <Link to={threadFormPath(product.slug)} className={buttonClasses({ variant: 'primary' })}>
          Start a discussion
        </Link>
      }
    >
      {threads.length === 0 ? (
        <EmptyState
          icon={MessagesSquare}
          title="No discussions yet"
          description="Threads where buyers share tips and workflows appear here."
        />
      ) : (
        threads.map((thread) => <ThreadCard key={thread.id} thread={thread} headingLevel="h2" />)
      )}
      <Pagination
        page={page}
        pageCount={pageCountOf(total)}
        hrefFor={(target) => productThreadsPath(product.slug, target)}
      />
    </CommunityPage>
  );
}
