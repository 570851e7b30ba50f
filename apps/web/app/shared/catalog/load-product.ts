import type { ProductDetail, StorefrontServices } from '@everdeal/contracts';
import { data, redirect } from 'react-router';
import { isSlug } from './slug';

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'status' in error && error.status === 404;
}

/** The same address with the product's slug (the segment after `/products/`) in lower case. */
function lowerCaseAddress(url: URL, slug: string): string {
  const segments = url.pathname.split('/');
  segments[2] = slug;
  return `${segments.join('/')}${url.search}`;
}

/**
 * The product a page names by a slug (the product page and its community pages by `:slug`, the
 * review forms by `?product=`). A slug that can name no product (a space, a NUL, 500 characters)
 * is the 404 page, never a 500 (requirements §8). Slugs are lower case: on a product page
 * (`url` given, the slug in the path) one in capitals that names a product is a 301 to the
 * same page at its lower-case address, so a link someone retyped still arrives and the page keeps
 * one address for search engines; anywhere else, and when no product has it, the 404 page.
 */
export async function loadProductBySlug(services: StorefrontServices, slug: string, url?: URL): Promise<ProductDetail> {
  const lowerSlug = url ? slug.toLowerCase() : slug;
  if (!isSlug(lowerSlug)) throw data(null, { status: 404 });
  try {
    const product = await services.getProduct({ slug: lowerSlug });
    if (url && lowerSlug !== slug) throw redirect(lowerCaseAddress(url, lowerSlug), 301);
    return product;
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}
