import type { StorefrontServices } from '@everdeal/contracts';
import { data } from 'react-router';

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

export async function loadProductRef(services: StorefrontServices, slug: string): Promise<CommunityProductRef> {
  const product = await orNotFound(services.getProduct({ slug }));
  return { id: product.id, slug: product.slug, name: product.name, sellerName: product.seller.name };
}
