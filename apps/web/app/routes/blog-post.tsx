import { pageTitle } from '@everdeal/contracts/constants';
import { BLOG_RSS_PATH } from '@everdeal/contracts/content-messages';
import { blogPostPath } from '@everdeal/contracts/paths';
import { data } from 'react-router';
import { isPostSlug, shareImageOf, toBlogPostView } from '~/features/blog/blog-post-view';
import { BlogPostPage } from '~/features/blog/components/blog-post-page';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/blog-post';

const MORE_POSTS = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isPostSlug(params.slug)) throw data(null, { status: 404 });
  try {
    const [post, latest] = await Promise.all([
      context.services.getBlogPost({ slug: params.slug }),
      // One extra, in case the post itself is among the latest.
      context.services.getBlogPosts({ pageSize: MORE_POSTS + 1 }),
    ]);
    return {
      post: toBlogPostView(post),
      more: latest.items.filter((item) => item.slug !== post.slug).slice(0, MORE_POSTS),
      publicUrl: context.publicUrl,
    };
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: 'Everdeal blog', href: BLOG_RSS_PATH },
];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { post, publicUrl } = loaderData;
  const image = shareImageOf(post.coverUrl);
  return [
    ...seoMeta({
      title: pageTitle(post.title),
      description: post.excerpt,
      publicUrl,
      path: blogPostPath(post.slug),
      ...(image ? { image, imageAlt: post.coverAlt } : {}),
      type: 'article',
    }),
    { property: 'article:published_time', content: post.publishedAt },
    { property: 'article:modified_time', content: post.updatedAt },
    { property: 'article:author', content: post.author.name },
    ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
  ];
};

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  return <BlogPostPage {...loaderData} />;
}
