import { COMMUNITY_PAGE_SIZE, type ReviewSort, ReviewSorts } from '@everdeal/contracts/community-messages';

// The community list pages' URL state: `?page=` (a whole number from 1) and, for reviews, `?sort=`.
// Anything else reads as the default, so a mistyped link still shows the list.

export function parsePage(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export function parseReviewSort(params: URLSearchParams): ReviewSort {
  const sort = params.get('sort');
  return ReviewSorts.find((known) => known === sort) ?? 'newest';
}

export function pageCountOf(total: number, pageSize = COMMUNITY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A numeric id from a route parameter, or null (the route answers 404). */
export function parseId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

export const reviewSortLabels: Record<ReviewSort, string> = {
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
  helpful: 'Most helpful',
};
