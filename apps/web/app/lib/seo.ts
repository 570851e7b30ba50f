import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@everdeal/contracts/constants';
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
  /** The share image's size in pixels, when known (the brand card's is). */
  imageSize?: { width: number; height: number };
  type?: 'website' | 'article' | 'product';
}

export const DEFAULT_OG_IMAGE = '/og-default.png';
const shareImageSize = { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };

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
  imageSize = image === DEFAULT_OG_IMAGE ? shareImageSize : undefined,
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
    ...(imageSize
      ? [
          { property: 'og:image:width', content: String(imageSize.width) },
          { property: 'og:image:height', content: String(imageSize.height) },
        ]
      : []),
    ...(imageAlt ? [{ property: 'og:image:alt', content: imageAlt }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}
