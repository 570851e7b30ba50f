import {
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
import { type BlogDeps, getPost, getPosts } from './modules/blog/blog.service';
import type { CatalogReads } from './modules/catalog/catalog.cache';
import type { CommunityDeps } from './modules/community/community.shared';
import { getCommunityPreview } from './modules/community/community-preview';
import { getQuestion, getQuestions } from './modules/community/questions.service';
import { getReviews } from './modules/community/reviews.service';
import { getThreads } from './modules/community/threads.service';
import { getUpdate, getUpdates } from './modules/community/updates.service';
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
      getProduct: (input) => catalogReads.getProduct(GetProductInputSchema.parse(input).slug),
      getCategories: () => catalogReads.getCategories(),
      getBlogPosts: (input) => getPosts(blog, GetPostsInputSchema.parse(input)),
      getBlogPost: (input) => getPost(blog, GetPostInputSchema.parse(input).slug),
      getReviews: (input) => getReviews(community, GetReviewsInputSchema.parse(input)),
      getQuestions: (input) => getQuestions(community, GetQuestionsInputSchema.parse(input)),
      getQuestion: (input) => getQuestion(community, QuestionRefInputSchema.parse(input).id),
      getUpdates: (input) => getUpdates(community, GetUpdatesInputSchema.parse(input)),
      getUpdate: (input) => getUpdate(community, UpdateRefInputSchema.parse(input).id),
      getThreads: (input) => getThreads(community, GetThreadsInputSchema.parse(input)),
      getCommunityPreview: (input) => getCommunityPreview(community, ProductRefSchema.parse(input).productId),
    },
  });
}
