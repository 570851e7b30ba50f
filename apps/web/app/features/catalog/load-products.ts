import type { GetProductsInput, ProductList, StorefrontServices } from '@everdeal/contracts';

/**
 * `getProducts` sorted by trending, degrading to the older "popular" order when the server
 * cannot rank by trending (a server older than this page); any other failure still surfaces.
 */
export async function getProductsRanked(services: StorefrontServices, input: GetProductsInput): Promise<ProductList> {
  try {
    return await services.getProducts(input);
  } catch (error) {
    if (input.sort !== 'trending') throw error;
    return services.getProducts({ ...input, sort: 'popular' });
  }
}
