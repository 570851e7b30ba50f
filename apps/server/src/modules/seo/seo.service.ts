import { blogPostPath, categoryPath, productPath } from '@everdeal/contracts';
import { categories, type Db, products } from '@everdeal/db';
import { asc, eq, max } from 'drizzle-orm';
import { escapeXml } from '../../lib/xml';
import { getPostSitemapEntries } from '../blog';

export type SitemapEntry = { path: string; lastmod?: Date };

/** Pages with fixed content; their lastmod is left out rather than invented. */
const STATIC_PATHS = [
  '/',
  '/trending',
  '/launch',
  '/affiliate',
  '/blog',
  '/waitlist',
  '/contact',
  '/support',
  '/privacy-policy',
  '/refund-policy',
  '/terms-of-service',
];

/**
 * Every URL a search engine should know: the fixed pages, each category listing, every
 * published product (ended deals too: their pages still answer and say so) and every public blog
 * post. Three statements.
 */
export async function getSitemapEntries(db: Db, now: Date): Promise<SitemapEntry[]> {
  const productRows = await db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isPublished, true))
    .orderBy(asc(products.id));
  const categoryRows = await db
    .select({ slug: categories.slug, lastmod: max(products.updatedAt) })
    .from(categories)
    .innerJoin(products, eq(products.categoryId, categories.id))
    .where(eq(products.isPublished, true))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.slug));
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categoryRows.map((row) => ({
      path: categoryPath(row.slug),
      ...(row.lastmod ? { lastmod: new Date(row.lastmod) } : {}),
    })),
    ...productRows.map((row) => ({ path: productPath(row.slug), lastmod: row.updatedAt })),
    ...(await getPostSitemapEntries(db, now)).map((post) => ({ path: blogPostPath(post.slug), lastmod: post.lastmod })),
  ];
}

/** sitemaps.org XML; one file holds up to 50,000 URLs, far above the catalogue's size. */
export function renderSitemap(entries: SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeXml(publicUrl + entry.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * Everything public is crawlable; the API and the account and transactional pages are not. The
 * cart is not listed: a crawler has no session, so `/cart` answers it with a redirect to sign in,
 * which is disallowed here (decision 003, "Sitemap and robots").
 */
export function renderRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /user',
    'Disallow: /wishlist',
    'Disallow: /auth/',
    'Disallow: /support/tickets/',
    'Disallow: /waitlist/unsubscribe',
    // The notification mails' unsubscribe page (decision 029): personal links, like the waitlist's.
    'Disallow: /unsubscribe',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
