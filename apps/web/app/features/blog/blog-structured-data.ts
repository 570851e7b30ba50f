import type { BlogPostSummary } from '@everdeal/contracts';
import { BRAND_NAME } from '@everdeal/contracts/constants';
import { blogPostPath } from '@everdeal/contracts/paths';
import { absoluteUrl } from '~/lib/seo';
import type { JsonLdNode } from '~/lib/structured-data';

/** What `blogPostingJsonLd` reads of a post. */
export type BlogPostingSource = Pick<
  BlogPostSummary,
  'slug' | 'title' | 'excerpt' | 'coverUrl' | 'author' | 'publishedAt' | 'updatedAt' | 'tags'
>;

/**
 * schema.org BlogPosting for Google's article results (decision 009): headline, image, dates and
 * author are the fields it reads. The cover URL is site-relative, so it is made absolute against
 * the public URL like every other link in structured data; `publishedAt` is datePublished and
 * `updatedAt` dateModified (the server never makes it earlier than the publication).
 */
export function blogPostingJsonLd(publicUrl: string, post: BlogPostingSource): JsonLdNode {
  const url = absoluteUrl(publicUrl, blogPostPath(post.slug));
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [absoluteUrl(publicUrl, post.coverUrl)],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    author: {
      '@type': 'Person',
      name: post.author.name,
      ...(post.author.title ? { jobTitle: post.author.title } : {}),
    },
    publisher: {
      '@type': 'Organization',
      name: BRAND_NAME,
      logo: { '@type': 'ImageObject', url: absoluteUrl(publicUrl, '/favicon.svg') },
    },
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
  };
}
