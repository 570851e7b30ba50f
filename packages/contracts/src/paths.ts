// Paths of the storefront's pages (requirements §2), built in one place for the web app, the
// sitemap and mail. Slugs are URL-encoded, so whatever a slug holds the link stays one path.

export const productPath = (slug: string) => `/products/${encodeURIComponent(slug)}`;
/** The product page of a product not (yet) in the store, for an admin or its seller (decision 022). */
export const productPreviewPath = (slug: string) => `${productPath(slug)}/preview`;
export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

/** The full results page of a search (`/search?q=…`, the query trimmed). */
export const searchPath = (query: string) => `/search?q=${encodeURIComponent(query.trim())}`;
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * The blog's list: `/blog`, one tag's posts (`?tag=`) and later pages (`?page=`), the tag first
 * so every view has one spelling (the canonical URL and the links agree).
 */
export const blogPath = ({ tag, page = 1 }: { tag?: string; page?: number } = {}) => {
  const query = [...(tag ? [`tag=${encodeURIComponent(tag)}`] : []), ...(page > 1 ? [`page=${page}`] : [])].join('&');
  return query ? `/blog?${query}` : '/blog';
};

/** The support pages: the FAQ with the ticket list, a new ticket, one ticket's thread. */
export const SUPPORT_PATH = '/support';
export const newTicketPath = (orderId?: string) =>
  orderId ? `/support/tickets/new?orderId=${encodeURIComponent(orderId)}` : '/support/tickets/new';
export const supportTicketPath = (ticketId: string) => `/support/tickets/${encodeURIComponent(ticketId)}`;

export const WAITLIST_PATH = '/waitlist';
/** The affiliate programme: what it pays, joining, and a member's dashboard (requirements §13). */
export const AFFILIATE_PATH = '/affiliate';

/**
 * A product's community pages (requirements §2). Later pages carry `?page=`; the reviews page
 * its sort too (`?sort=`, after the page, so every view has one spelling).
 */
function withQuery(path: string, params: [string, string | number | undefined][]) {
  const query = params
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
export const productReviewsPath = (slug: string, { page = 1, sort }: { page?: number; sort?: string } = {}) =>
  withQuery(`${productPath(slug)}/reviews`, [
    ['page', page > 1 ? page : undefined],
    ['sort', sort && sort !== 'newest' ? sort : undefined],
  ]);
export const productQuestionsPath = (slug: string, page = 1) =>
  withQuery(`${productPath(slug)}/questions`, [['page', page > 1 ? page : undefined]]);
export const productQuestionPath = (slug: string, id: number) => `${productPath(slug)}/question/${id}`;
export const productUpdatesPath = (slug: string, page = 1) =>
  withQuery(`${productPath(slug)}/updates`, [['page', page > 1 ? page : undefined]]);
export const productUpdatePath = (slug: string, id: number) => `${productPath(slug)}/update/${id}`;
/** The product's discussion threads, all of them, paged (ours, not the spec's: requirements §2). */
export const productThreadsPath = (slug: string, page = 1) =>
  withQuery(`${productPath(slug)}/community`, [['page', page > 1 ? page : undefined]]);

/** The forms of the product form layout; the product comes in the query (requirements §2). */
export const reviewFormPath = (slug: string) => withQuery('/review/add-comment', [['product', slug]]);
export const questionFormPath = (slug: string) => withQuery('/review/add-question', [['product', slug]]);
export const threadFormPath = (slug: string) => withQuery('/review/community-form', [['product', slug]]);
