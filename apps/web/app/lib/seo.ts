import type { MetaDescriptor } from 'react-router';

export interface PageSeo {
  /** The full document title, already suffixed (`pageTitle()` or `HOME_TITLE`). */
  title: string;
  description: string;
  /** Absolute origin without a trailing slash (`context.publicUrl`). */
  publicUrl: string;
  /** Path of the canonical page, starting with `/`; include a query only when it names a distinct page. */
  path: string;
  /** Path or absolute URL of the share image; defaults to the brand card. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article' | 'product';
}

export const DEFAULT_OG_IMAGE = '/og-default.png';

/** Makes a path absolute against the public origin; absolute URLs pass through. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

/**
 * Title, description, OpenGraph/Twitter tags and the canonical link of one page. React Router
 * uses only the deepest route's `meta`, so every page returns the full set.
 */
export function seoMeta({
  title,
  description,
  publicUrl,
  path,
  image = DEFAULT_OG_IMAGE,
  imageAlt,
  type = 'website',
}: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(publicUrl, path);
  const imageUrl = absoluteUrl(publicUrl, image);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: 'Everdeal' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    ...(imageAlt ? [{ property: 'og:image:alt', content: imageAlt }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}
