import { pageTitle } from '@everdeal/contracts/constants';
import { BLOG_PAGE_SIZE, BLOG_RSS_PATH } from '@everdeal/contracts/content-messages';
import { blogPath } from '@everdeal/contracts/paths';
import { data } from 'react-router';
import { isIndexableBlogList, parseBlogListState } from '~/features/blog/blog-list-params';
import { BLOG_TAGLINE, BlogListPage } from '~/features/blog/components/blog-list-page';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/blog';

export async function loader({ url, context }: Route.LoaderArgs) {
  const { invalidTag, ...state } = parseBlogListState(url.searchParams);
  const list = invalidTag
    ? {
        items: [],
        total: 0,
        page: state.page,
        pageSize: BLOG_PAGE_SIZE,
        tags: (await context.services.getBlogPosts({ pageSize: 1 })).tags,
      }
    : await context.services.getBlogPosts(state);
  // A page past the last post does not exist: 404, like any other unknown URL.
  if (state.page > 1 && list.items.length === 0) throw data(null, { status: 404 });
  return { list, state, requestedTag: invalidTag, publicUrl: context.publicUrl };
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Everdeal blog', href: BLOG_RSS_PATH },
];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { state, list, publicUrl } = loaderData;
  const tag = state.tag ?? loaderData.requestedTag;
  const title = [tag ? `Posts tagged “${tag}”` : 'Blog', ...(state.page > 1 ? [`page ${state.page}`] : [])].join(', ');
  return [
    ...seoMeta({
      title: pageTitle(title),
      description: tag
        ? `Everdeal blog posts about ${tag}: ${BLOG_TAGLINE.toLowerCase()}.`
        : `${BLOG_TAGLINE}: buying guides, refund windows, license codes and the founders behind the deals.`,
      publicUrl,
      path: blogPath({ tag: state.tag, page: state.page }),
    }),
    ...(isIndexableBlogList(state, list.total) ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
  ];
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListPage list={loaderData.list} state={loaderData.state} requestedTag={loaderData.requestedTag} />;
}
