import { BRAND_TAGLINE, DEFAULT_REFUND_WINDOW_DAYS, HOME_TITLE } from '@everdeal/contracts/constants';
import { CatalogueActions } from '~/catalogue-actions';
import { toCategoryLinkView } from '~/features/catalog/category-link-view';
import { toEndingSoonView } from '~/features/catalog/components/ending-soon-list';
import { HomePage } from '~/features/catalog/components/home-page';
import { toTrendingRowView } from '~/features/catalog/components/trending-list';
import { ENDING_SOON_MS } from '~/features/catalog/deal-status';
import { pageData, readPageData } from '~/lib/page-data';
import { seoMeta } from '~/lib/seo';
import { toProductCardView } from '~/shared/catalog/product-card-view';
import type { Route } from './+types/home';

const HOME_SECTION_SIZE = 8;
const ENDING_SOON_SIZE = 4;
const TRENDING_PREVIEW_SIZE = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const now = Date.now();
  // The four lists in one round trip, without totals, which sections never show (docs/benchmarks.md,
  // "Server rendering without the page cache").
  const [[featured = [], newest = [], endingSoon = [], trending = []], { categories }, { sale }] = await Promise.all([
    context.services.getProductSections([
      { sort: 'featured', pageSize: HOME_SECTION_SIZE },
      { sort: 'newest', pageSize: HOME_SECTION_SIZE },
      { sort: 'ending-soon', status: 'ending-soon', pageSize: ENDING_SOON_SIZE },
      { sort: 'trending', status: 'live', pageSize: TRENDING_PREVIEW_SIZE },
    ]),
    context.services.getCategories(),
    // The store-wide sale's banner (decision 042), from the same answer cache.
    context.services.getCurrentSale(),
  ]);
  // Each list is narrowed to what its section shows: the answer is written into the HTML.
  return pageData({
    featured: featured.map(toProductCardView),
    newest: newest.map(toProductCardView),
    // The status filter already keeps live deals closing within 72 hours; this re-check keeps
    // the section honest against the render's own clock.
    endingSoon: endingSoon
      .filter((item) => {
        const left = item.endsAt ? Date.parse(item.endsAt) - now : -1;
        return item.dealStatus === 'live' && left > 0 && left <= ENDING_SOON_MS;
      })
      .map(toEndingSoonView),
    trending: trending.map(toTrendingRowView),
    categories: categories.map(toCategoryLinkView),
    publicUrl: context.publicUrl,
    sale,
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: HOME_TITLE,
    description: `${BRAND_TAGLINE}: the AI writing, image, video, voice, coding and sales tools you use every day, most of them paid once, with a ${DEFAULT_REFUND_WINDOW_DAYS}-day money-back guarantee on most deals.`,
    publicUrl: loaderData ? readPageData(loaderData).publicUrl : '',
    path: '/',
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <CatalogueActions>
      <HomePage {...readPageData(loaderData)} />
    </CatalogueActions>
  );
}
