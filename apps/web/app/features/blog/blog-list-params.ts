import { BLOG_MAX_PAGE_SIZE } from '@everdeal/contracts/content-messages';

/** What a /blog URL asks for: one tag (lower-case, as tags are stored) and a page. */
export interface BlogListState {
  tag?: string;
  page: number;
}

/** The longest tag `blog/getPosts` accepts; a longer one cannot match a post. */
const MAX_TAG_LENGTH = 40;
const MAX_PAGE = 10_000;

/**
 * Reads `?tag=` and `?page=` leniently: a page that is not a whole number from 1 is page 1, an
 * empty tag is none. A tag the server would refuse (too long, a NUL) is kept as `invalidTag`:
 * no post has it, so the page shows the empty state instead of an error.
 */
export function parseBlogListState(params: URLSearchParams): BlogListState & { invalidTag?: string } {
  const rawTag = params.get('tag')?.trim().toLowerCase() ?? '';
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,5}$/.test(rawPage) ? Math.min(Math.max(Number(rawPage), 1), MAX_PAGE) : 1;
  if (!rawTag) return { page };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what PostgreSQL text refuses.
  if (rawTag.length > MAX_TAG_LENGTH || /\u0000/.test(rawTag)) return { page, invalidTag: rawTag };
  return { tag: rawTag, page };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.min(Math.max(pageSize, 1), BLOG_MAX_PAGE_SIZE)));
}

/**
 * Decision 003's rule for list pages, applied to the blog: the whole list (`/blog` and its later
 * pages, which lead to every post) is indexed; one tag's posts are a filtered view of it,
 * followed but not indexed, like a filtered catalogue page.
 */
export function isIndexableBlogList(state: BlogListState, total: number): boolean {
  return state.tag === undefined && total > 0;
}
