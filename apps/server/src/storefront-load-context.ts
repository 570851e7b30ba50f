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
import { CacheTag } from './lib/cache-tags';
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
 * HTTP), each input parsed with that call's schema. When the page is to be kept, `seen` is told
 * what each read shows (decision 044): the catalogue's tags, the product of a community read
 * (and `authors`, for the names it shows), and "nothing named" for a read no write announces.
 */
export function createStorefrontLoadContext({
  config,
  catalogReads,
  blog,
  community,
}: StorefrontLoadContextDeps): SsrOptions['loadContext'] {
  return (request, seen) => {
    /** A community read of the product a slug names: tagged with that product (a cache hit, the page read it first). */
    const ofProduct = async <T>(slug: string, read: Promise<T>): Promise<T> => {
      const answer = await read;
      if (seen) {
        await catalogReads.getProduct(slug, seen).catch(() => seen(undefined));
        seen({ tags: [CacheTag.authors] });
      }
      return answer;
    };
    /** A read of one product's community, by its id. */
    const ofProductId = async <T extends { productId: number }>(read: Promise<T>): Promise<T> => {
      const answer = await read;
      seen?.({ tags: [CacheTag.product(answer.productId), CacheTag.authors] });
      return answer;
    };
    /** A read no write announces (blog posts appear by the clock): the page lives a moment only. */
    const untagged = async <T>(read: Promise<T>): Promise<T> => {
      const answer = await read;
      seen?.(undefined);
      return answer;
    };
    return {
      publicUrl: config.publicUrl,
      cspNonce: request.cspNonce,
      googleClientId: config.googleClientId ?? null,
      services: {
        getProducts: (input) => catalogReads.getProducts(GetProductsInputSchema.parse(input), seen),
        getProductSection: async (input) =>
          (await catalogReads.getProductSection(GetProductsInputSchema.parse(input), seen)).items,
        getProductSections: (inputs) =>
          catalogReads.getProductSections(
            inputs.map((input) => GetProductsInputSchema.parse(input)),
            seen,
          ),
        getProduct: (input) => catalogReads.getProduct(parseRef(GetProductInputSchema, input).slug, seen),
        getCategories: () => catalogReads.getCategories(seen),
        getCurrentSale: () => catalogReads.getCurrentSale(seen),
        getBlogPosts: (input) => untagged(getPosts(blog, GetPostsInputSchema.parse(input))),
        getBlogPost: (input) => untagged(getPost(blog, parseRef(GetPostInputSchema, input).slug)),
        getReviews: (input) => {
          const query = parseRef(GetReviewsInputSchema, input);
          return ofProduct(query.slug, getReviews(community, query));
        },
        getQuestions: (input) => {
          const query = parseRef(GetQuestionsInputSchema, input);
          return ofProduct(query.slug, getQuestions(community, query));
        },
        getQuestion: (input) => ofProductId(getQuestion(community, parseRef(QuestionRefInputSchema, input).id)),
        getUpdates: (input) => {
          const query = parseRef(GetUpdatesInputSchema, input);
          return ofProduct(query.slug, getUpdates(community, query));
        },
        getUpdate: (input) => ofProductId(getUpdate(community, parseRef(UpdateRefInputSchema, input).id)),
        getThreads: (input) => {
          const query = parseRef(GetThreadsInputSchema, input);
          return ofProduct(query.slug, getThreads(community, query));
        },
        getCommunityPreview: async (input) => {
          const { productId } = parseRef(ProductRefSchema, input);
          const answer = await getCommunityPreview(community, productId);
          seen?.({ tags: [CacheTag.product(productId), CacheTag.authors] });
          return answer;
        },
      },
    };
  };
}
