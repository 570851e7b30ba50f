/**
 * A slug as the server spells those of products and categories (packages/contracts/src/catalog.ts,
 * `Slug`): lower-case words of letters and digits joined by hyphens, at most 120 characters.
 * Anything else names nothing; a page treats it as not found or ignores it, never sends it on.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 120;

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG.test(value);
}
