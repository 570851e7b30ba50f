import {
  AppError,
  GetPostInputSchema,
  GetPostsInputSchema,
  GetProductInputSchema,
  GetProductsInputSchema,
  GetQuestionsInputSchema,
  GetReviewsInputSchema,
  GetThreadsInputSchema,
  GetUpdatesInputSchema,
  ProductRefSchema,
  QuestionRefInputSchema,
  UpdateRefInputSchema,
} from '@everdeal/contracts';
import type { z } from 'zod';
import { type BlogDeps, getPost, getPosts } from './modules/blog';
import type { CatalogReads } from './modules/catalog';
import type { CommunityDeps } from './modules/community';
import {
  getCommunityPreview,
  getQuestion,
  getQuestions,
  getReviews,
  getThreads,
  getUpdate,
  getUpdates,
} from './modules/community';
import type { Config } from './plugins/config';
import type { SsrOptions } from './plugins/ssr';

export type StorefrontLoadContextDeps = {
  config: Pick<Config, 'publicUrl' | 'googleClientId'>;
  /** The catalogue reads through the same answer cache as the API's. */
  catalogReads: CatalogReads;
  blog: BlogDeps;
  community: CommunityDeps;
};

/**
 * Parses the input of a read that names one thing (a slug, an id): an input its schema refuses
 * names nothing, so the read is "not found" like an unknown name (a page's 404), never a thrown
 * validation error that renders a 500 (requirements §8).
 */
function parseRef<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw AppError.notFound();
  return parsed.data;
}

/**
 * What every React Router loader and action receives for a request: the storefront's reads are
 * the service functions behind their API calls (STYLE.md: the server never calls itself over
 * HTTP), each input parsed with that call's schema.
 */
export function createStorefrontLoadContext({
  config,
  catalogReads,
  blog,
  community,
}: StorefrontLoadContextDeps): SsrOptions['loadContext'] {
  return (request) => ({
    publicUrl: config.publicUrl,
    cspNonce: request.cspNonce,
    googleClientId: config.googleClientId ?? null,
    services: {
      getProducts: (input) => catalogReads.getProducts(GetProductsInputSchema.parse(input)),
      getProductSection: async (input) =>
        (await catalogReads.getProductSection(GetProductsInputSchema.parse(input))).items,
      getProductSections: (inputs) =>
        catalogReads.getProductSections(inputs.map((input) => GetProductsInputSchema.parse(input))),
      getProduct: (input) => catalogReads.getProduct(parseRef(GetProductInputSchema, input).slug),
      getCategories: () => catalogReads.getCategories(),
      getCurrentSale: () => catalogReads.getCurrentSale(),
      getBlogPosts: (input) => getPosts(blog, GetPostsInputSchema.parse(input)),
      getBlogPost: (input) => getPost(blog, parseRef(GetPostInputSchema, input).slug),
      getReviews: (input) => getReviews(community, parseRef(GetReviewsInputSchema, input)),
      getQuestions: (input) => getQuestions(community, parseRef(GetQuestionsInputSchema, input)),
      getQuestion: (input) => getQuestion(community, parseRef(QuestionRefInputSchema, input).id),
      getUpdates: (input) => getUpdates(community, parseRef(GetUpdatesInputSchema, input)),
      getUpdate: (input) => getUpdate(community, parseRef(UpdateRefInputSchema, input).id),
      getThreads: (input) => getThreads(community, parseRef(GetThreadsInputSchema, input)),
      getCommunityPreview: (input) => getCommunityPreview(community, parseRef(ProductRefSchema, input).productId),
    },
  });
}
