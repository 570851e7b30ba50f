import type { BlogPost, BlogPostList, GetPostInput, GetPostsInput } from './blog';
import type { CategoryList, GetProductInput, GetProductsInput, ProductDetail, ProductList } from './catalog';
import type {
  GetQuestionsInput,
  GetReviewsInput,
  ProductCommunityPreview,
  ProductUpdate,
  ProductUpdateList,
  Question,
  QuestionList,
  ReviewList,
  ThreadList,
} from './community';
import type { CurrentSale } from './sales';

/**
 * What the server hands to every React Router loader and action (STYLE.md: SSR loaders call
 * the same service functions as the API, never the API over HTTP).
 */
export interface StorefrontServices {
  getProducts(input: GetProductsInput): Promise<ProductList>;
  /**
   * The products of one page of `getProducts` without counting the total: what a section of a
   * page shows (the home page's lists, a product's related deals), which never shows a total.
   */
  getProductSection(input: GetProductsInput): Promise<ProductList['items']>;
  /**
   * Several sections at once, each as `getProductSection` answers it, in the order asked: one
   * round trip to the database for all of them (the home page's lists).
   */
  getProductSections(inputs: readonly GetProductsInput[]): Promise<ProductList['items'][]>;
  /** Throws an AppError 404 for an unknown or unpublished slug. */
  getProduct(input: GetProductInput): Promise<ProductDetail>;
  getCategories(): Promise<CategoryList>;
  /** The store-wide sale running now, as `sales/getCurrentSale` answers it (decision 042). */
  getCurrentSale(): Promise<CurrentSale>;
  /** Published blog posts (requirements §14), as `blog/getPosts` answers them. */
  getBlogPosts(input: GetPostsInput): Promise<BlogPostList>;
  /** Throws an AppError 404 for an unknown, draft or scheduled slug. */
  getBlogPost(input: GetPostInput): Promise<BlogPost>;
  // Community reads (requirements §12, decision 011), as their API calls answer them; a 404
  // AppError for an unknown slug or id.
  getReviews(input: GetReviewsInput): Promise<ReviewList>;
  getQuestions(input: GetQuestionsInput): Promise<QuestionList>;
  getQuestion(input: { id: number }): Promise<Question>;
  getUpdates(input: GetQuestionsInput): Promise<ProductUpdateList>;
  getUpdate(input: { id: number }): Promise<ProductUpdate>;
  getThreads(input: GetQuestionsInput): Promise<ThreadList>;
  /**
   * The product page's first posts of each list with their totals, in one statement, for a
   * product the page has loaded (`getProduct`); a 404 AppError if it is no longer published.
   */
  getCommunityPreview(input: { productId: number }): Promise<ProductCommunityPreview>;
}

export interface StorefrontLoadContext {
  services: StorefrontServices;
  /** Absolute origin for canonical URLs and OpenGraph tags, without a trailing slash. */
  publicUrl: string;
  /** Identifies the running build; the client compares it hourly (requirements §4). */
  buildId: string;
  /** Per-request nonce allowed by the Content-Security-Policy for inline scripts. */
  cspNonce: string;
  /** Google Identity Services client id; null when Google sign-in is not configured. */
  googleClientId: string | null;
  /**
   * Set by the server for a render the page cache keeps (decision 004): the document is answered
   * once every part of it is rendered, for every visitor alike, so a kept copy never holds a part
   * sent after the shell and swapped into place by a script, and one copy serves crawlers and
   * browsers.
   */
  wholeDocument?: boolean;
}
