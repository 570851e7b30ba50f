import { BLOG_RSS_ITEMS, BLOG_RSS_PATH, type BlogPost, BRAND_NAME, blogPostPath } from '@everdeal/contracts';
import type { FastifyInstance } from 'fastify';
import { escapeXml } from '../../lib/xml';
import { type BlogDeps, getLatestPosts } from './blog.service';

/** Requirements §2: the blog's own description. */
const BLOG_DESCRIPTION = 'Latest news and insights about AI software deals';

// XML 1.0 has no place for these control characters, escaped or not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const xmlText = (text: string) => escapeXml(text.replace(XML_INVALID, ''));

/** Feed readers do not resolve a post's site-relative links reliably: make them absolute. */
function absolutizeLinks(html: string, publicUrl: string): string {
  return html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${publicUrl}/`);
}

/**
 * RSS 2.0 (https://www.rssboard.org/rss-specification) of the latest posts, every link absolute
 * with PUBLIC_URL; the excerpt as description and the sanitised body as content:encoded.
 */
export function renderBlogFeed(posts: BlogPost[], publicUrl: string): string {
  const items = posts.map((post) => {
    const link = `${publicUrl}${blogPostPath(post.slug)}`;
    return [
      '<item>',
      `<title>${xmlText(post.title)}</title>`,
      `<link>${xmlText(link)}</link>`,
      `<guid isPermaLink="true">${xmlText(link)}</guid>`,
      `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `<dc:creator>${xmlText(post.author.name)}</dc:creator>`,
      ...post.tags.map((tag) => `<category>${xmlText(tag)}</category>`),
      `<description>${xmlText(post.excerpt)}</description>`,
      `<content:encoded>${xmlText(absolutizeLinks(post.bodyHtml, publicUrl))}</content:encoded>`,
      '</item>',
    ].join('\n');
  });
  const latest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '<channel>',
    `<title>${xmlText(`${BRAND_NAME} blog`)}</title>`,
    `<link>${xmlText(`${publicUrl}/blog`)}</link>`,
    `<description>${xmlText(BLOG_DESCRIPTION)}</description>`,
    '<language>en</language>',
    `<atom:link href="${xmlText(publicUrl + BLOG_RSS_PATH)}" rel="self" type="application/rss+xml"/>`,
    ...(latest ? [`<lastBuildDate>${new Date(latest.publishedAt).toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** `GET /blog/rss.xml`, before the pages' catch-all like the sitemap. One indexed query per request. */
export function registerBlogFeed(app: FastifyInstance, deps: BlogDeps & { publicUrl: string }) {
  app.get(BLOG_RSS_PATH, async (_request, reply) => {
    const xml = renderBlogFeed(await getLatestPosts(deps, BLOG_RSS_ITEMS), deps.publicUrl);
    return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  });
}
