import type { BlogPost, BlogPostSummary } from '@everdeal/contracts';
import { BLOG_RSS_PATH } from '@everdeal/contracts/content-messages';
import { blogPath, blogPostPath } from '@everdeal/contracts/paths';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Rss from 'lucide-react/icons/rss';
import { Link } from 'react-router';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { JsonLd } from '~/components/ui/json-ld';
import { ProseHtml } from '~/components/ui/prose';
import { breadcrumbJsonLd } from '~/lib/structured-data';
import { blogPostingJsonLd } from '../blog-structured-data';
import { PostByline } from './post-byline';
import { PostCard } from './post-card';

/** What the post page shows: the post without its Markdown source (the page renders bodyHtml). */
export type BlogPostView = Omit<BlogPost, 'body'>;

export interface BlogPostPageProps {
  post: BlogPostView;
  /** The latest other posts, for "More from the blog". */
  more: BlogPostSummary[];
  publicUrl: string;
}

export function BlogPostPage({ post, more, publicUrl }: BlogPostPageProps) {
  const path = blogPostPath(post.slug);
  return (
    <div className="pb-20">
      <JsonLd
        data={[
          blogPostingJsonLd(publicUrl, post),
          breadcrumbJsonLd(publicUrl, [
            { name: 'Home', path: '/' },
            { name: 'Blog', path: blogPath() },
            { name: post.title, path },
          ]),
        ]}
      />
      <article aria-labelledby="post-title">
        <header className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 lg:px-8">
          <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Blog', to: blogPath() }, { label: post.title }]} />
          {post.tags.length > 0 ? (
            <ul aria-label="Tags" className="mt-8 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={blogPath({ tag })}
                    className="inline-flex h-8 items-center rounded-full bg-brand-50 px-3 font-medium text-brand-700 text-sm transition-colors hover:bg-brand-100"
                  >
                    <span className="sr-only">More posts tagged </span>
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <h1
            id="post-title"
            className="mt-4 text-balance font-extrabold text-3xl text-ink-900 leading-tight tracking-tight sm:text-5xl"
          >
            {post.title}
          </h1>
          <p className="mt-4 text-ink-500 text-lg leading-relaxed sm:text-xl">{post.excerpt}</p>
          <PostByline post={post} isDetailed className="mt-6" />
        </header>

        <div className="mx-auto mt-8 max-w-5xl px-4 sm:px-6 lg:px-8">
          <img
            src={post.coverUrl}
            alt={post.coverAlt}
            width={1200}
            height={630}
            fetchPriority="high"
            className="aspect-[1200/630] w-full rounded-card bg-brand-50 object-cover shadow-card"
          />
        </div>

        <div className="mx-auto mt-10 max-w-3xl px-4 sm:px-6 lg:px-8">
          <ProseHtml html={post.bodyHtml} className="sm:text-[1.0625rem] sm:leading-8" />
          <footer className="mt-12 flex flex-col gap-3 border-ink-900/[0.08] border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            <Link
              to={blogPath()}
              className="inline-flex items-center gap-2 font-semibold text-brand-700 text-sm hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              All posts
            </Link>
            <a
              href={BLOG_RSS_PATH}
              className="inline-flex items-center gap-2 font-medium text-ink-500 text-sm hover:text-brand-700"
            >
              <Rss aria-hidden="true" className="size-4 text-accent-500" />
              Follow the blog by RSS
            </a>
          </footer>
        </div>
      </article>

      {more.length > 0 ? (
        <section aria-labelledby="more-posts" className="mx-auto mt-16 max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="more-posts" className="font-bold text-2xl text-ink-900 tracking-tight">
            More from the blog
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {more.map((other) => (
              <li key={other.slug}>
                <PostCard post={other} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
