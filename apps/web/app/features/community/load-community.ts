import type { StorefrontServices } from '@everdeal/contracts';
import { data } from 'react-router';
import { loadProductBySlug } from '~/shared/catalog/load-product';

/** What a community page shows of its product. */
export type CommunityProductRef = { id: number; slug: string; name: string; sellerName: string };

/** A loader's read that answers the 404 page for an unknown product, question or update. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof Error && 'status' in error && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * The product of a community page or form, by its slug (`loadProductBySlug`: the 404 page for a
 * slug that names none; on a page whose path holds the slug, pass its URL for the 301 of a slug
 * in capitals).
 */
export async function loadProductRef(
  services: StorefrontServices,
  slug: string,
  url?: URL,
): Promise<CommunityProductRef> {
  const product = await loadProductBySlug(services, slug, url);
  return { id: product.id, slug: product.slug, name: product.name, sellerName: product.seller.name };
}
