import type { GetProductsInput } from '@everdeal/contracts';

/**
 * A list sorted by trending (`getProducts`, or `getProductSection` for a section without a
 * total), degrading to the older "popular" order when the server cannot rank by trending (a
 * server older than this page); any other failure still surfaces.
 */
export async function getProductsRanked<T>(
  load: (input: GetProductsInput) => Promise<T>,
  input: GetProductsInput,
): Promise<T> {
  try {
    return await load(input);
  } catch (error) {
    if (input.sort !== 'trending') throw error;
    return load({ ...input, sort: 'popular' });
  }
}
