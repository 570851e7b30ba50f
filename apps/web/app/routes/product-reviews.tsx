import { COMMUNITY_PAGE_SIZE, ReviewSorts } from '@everdeal/contracts/community-messages';
import { pageTitle } from '@everdeal/contracts/constants';
import { productReviewsPath, reviewFormPath } from '@everdeal/contracts/paths';
import Star from 'lucide-react/icons/star';
import { data, Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';
import { pageCountOf, parsePage, parseReviewSort, reviewSortLabels } from '~/features/community/community-params';
import { toReviewView } from '~/features/community/community-views';
import { CommunityPage } from '~/features/community/components/community-page';
import { ReviewCard } from '~/features/community/components/review-card';
import { loadProductRef } from '~/features/community/load-community';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product-reviews';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const search = url.searchParams;
  const page = parsePage(search);
  const sort = parseReviewSort(search);
  const product = await loadProductRef(context.services, params.slug, url);
  const list = await context.services.getReviews({ slug: product.slug, page, sort, pageSize: COMMUNITY_PAGE_SIZE });
  if (page > 1 && list.items.length === 0) throw data(null, { status: 404 });
  return {
    product,
    page,
    sort,
    total: list.total,
    reviews: list.items.map(toReviewView),
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, page, sort, publicUrl } = loaderData;
  return [
    ...seoMeta({
      title: pageTitle(`${product.name} reviews${page > 1 ? `, page ${page}` : ''}`),
      description: `What verified buyers say about ${product.name} on Everdeal.`,
      publicUrl,
      path: productReviewsPath(product.slug, { page }),
    }),
    // Other orders of the same reviews are not pages of their own.
    ...(sort === 'newest' ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
  ];
};

export default function ProductReviews({ loaderData }: Route.ComponentProps) {
  const { product, page, sort, total, reviews } = loaderData;
  return (
    <CommunityPage
      product={product}
      section="Reviews"
      title={`${product.name} reviews`}
      subtitle={`${total} ${total === 1 ? 'review' : 'reviews'} from verified purchasers`}
      action={
        <Link to={reviewFormPath(product.slug)} className={buttonClasses({ variant: 'primary' })}>
          Write a review
        </Link>
      }
    >
      <nav aria-label="Sort reviews" className="flex flex-wrap gap-2">
        {ReviewSorts.map((option) => (
          <Link
            key={option}
            to={productReviewsPath(product.slug, { sort: option })}
            aria-current={option === sort ? 'true' : undefined}
            className={buttonClasses({ variant: option === sort ? 'secondary' : 'ghost', size: 'sm' })}
          >
            {reviewSortLabels[option]}
          </Link>
        ))}
      </nav>
      {reviews.length === 0 ? (
        <EmptyState icon={Star} title="No reviews yet" description="Only verified purchasers can review this deal." />
      ) : (
        reviews.map((review) => (
          <ReviewCard key={review.id} review={review} sellerName={product.sellerName} headingLevel="h2" />
        ))
      )}
      <Pagination
        page={page}
        pageCount={pageCountOf(total)}
        hrefFor={(target) => productReviewsPath(product.slug, { page: target, sort })}
      />
    </CommunityPage>
  );
}
