import type { GetProductsInput, PlanKind, ProductSort } from '@everdeal/contracts';
import { isSlug } from '~/shared/catalog/slug';

/**
 * The browsing pages' URL: every filter, the sort and the page live in the search params, so a
 * link reproduces the view. Names follow the `getProducts` payload; prices are whole dollars in
 * the URL (what a shopper types) and cents in the payload. Bad values are dropped, not fatal: a
 * hand-edited URL still shows a page.
 */
export const BROWSE_PARAMS = [
  'q',
  'category',
  'minPrice',
  'maxPrice',
  'minRating',
  'planKind',
  'byoKey',
  'hasCredits',
  'sort',
  'page',
] as const;
export type BrowseParam = (typeof BROWSE_PARAMS)[number];

/** The sorts a shopper picks from, in menu order. */
export const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'trending', label: 'Trending' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Rating' },
  { value: 'ending-soon', label: 'Ending soon' },
];

export const RATING_OPTIONS = [4.5, 4, 3] as const;

/**
 * What a browsing page's heading says for its order (requirements §2 "Words": "Top trending" only when the
 * list is ranked by trending), with the category when one narrows it.
 */
const SORT_HEADINGS: Record<ProductSort, string> = {
  trending: 'Top trending AI deals',
  newest: 'Newest AI deals',
  'price-asc': 'AI deals by price, low to high',
  'price-desc': 'AI deals by price, high to low',
  rating: 'Top-rated AI deals',
  'ending-soon': 'AI deals ending soon',
  featured: 'Featured AI deals',
  popular: 'Most upvoted AI deals',
};

export function browseHeading(sort: ProductSort, categoryName?: string): string {
  const heading = SORT_HEADINGS[sort];
  return categoryName ? `${heading} in ${categoryName}` : heading;
}

// Plain lists rather than the zod enums: this module runs in the browser, and the URL only
// needs a membership test (the server validates the payload again).
const SORTS: readonly string[] = [...SORT_OPTIONS.map((option) => option.value), 'featured', 'popular'];
const PLAN_KINDS: readonly string[] = ['lifetime', 'subscription'] satisfies PlanKind[];

function oneOf<T extends string>(allowed: readonly string[], value: string | null): T | undefined {
  return value !== null && allowed.includes(value) ? (value as T) : undefined;
}

export interface BrowseState {
  q: string;
  category?: string;
  /** Whole dollars, as typed. */
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  planKind?: PlanKind;
  byoKey: boolean;
  hasCredits: boolean;
  /** The sort in the URL; undefined means the page's default. */
  sort?: ProductSort;
  page: number;
}

function readDollars(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const dollars = Number(value);
  return Number.isFinite(dollars) && dollars >= 0 && dollars <= 1_000_000 ? Math.floor(dollars) : undefined;
}

function readFlag(value: string | null): boolean {
  return value === '1' || value === 'true';
}

export function parseBrowseState(params: URLSearchParams): BrowseState {
  const minRating = Number(params.get('minRating'));
  const page = Number(params.get('page'));
  let minPrice = readDollars(params.get('minPrice'));
  let maxPrice = readDollars(params.get('maxPrice'));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  const category = params.get('category')?.trim().toLowerCase();
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    category: category && isSlug(category) ? category : undefined,
    minPrice,
    maxPrice,
    minRating: minRating > 0 && minRating <= 5 ? minRating : undefined,
    planKind: oneOf<PlanKind>(PLAN_KINDS, params.get('planKind')),
    byoKey: readFlag(params.get('byoKey')),
    hasCredits: readFlag(params.get('hasCredits')),
    sort: oneOf<ProductSort>(SORTS, params.get('sort')),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The `getProducts` payload of a view (without paging or the page's own category). */
export function toProductsInput(state: BrowseState, defaultSort?: ProductSort): GetProductsInput {
  return {
    q: state.q || undefined,
    category: state.category,
    minPrice: state.minPrice === undefined ? undefined : state.minPrice * 100,
    maxPrice: state.maxPrice === undefined ? undefined : state.maxPrice * 100,
    minRating: state.minRating,
    planKind: state.planKind,
    byoKey: state.byoKey || undefined,
    hasCredits: state.hasCredits || undefined,
    sort: state.sort ?? defaultSort,
    page: state.page,
  };
}

/** How many filters narrow the list (the "Filters (n)" count); the query and sort are not filters. */
export function countFilters(state: BrowseState, { withCategory = true } = {}): number {
  return [
    withCategory && state.category,
    state.minPrice !== undefined || state.maxPrice !== undefined,
    state.minRating,
    state.planKind,
    state.byoKey,
    state.hasCredits,
  ].filter(Boolean).length;
}

/**
 * The URL of the view with some params changed: `undefined`, `''` or `false` removes one. Any
 * change other than the page itself starts again at page 1.
 */
export function browseHref(
  basePath: string,
  current: URLSearchParams,
  changes: Partial<Record<BrowseParam, string | number | boolean | undefined>>,
): string {
  const next = new URLSearchParams();
  for (const name of BROWSE_PARAMS) {
    const value = current.get(name);
    if (value !== null && value !== '') next.set(name, value);
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || value === false) next.delete(name);
    else next.set(name, value === true ? '1' : String(value));
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  const query = next.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** A form's fields as clean search params: empty fields are left out of the URL. */
export function formToSearchParams(form: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of form) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  return params;
}
