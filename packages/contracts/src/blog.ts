import { z } from 'zod';
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE, WITHOUT_NUL } from './content-messages';
import { ValidationMessage } from './messages';
import { PageNumberSchema } from './paging';

const PostSlug = z
  .string({
    error: (issue) => (issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidFormat),
  })
  .trim()
  .min(1, ValidationMessage.required)
  .max(120, 'must be at most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, ValidationMessage.invalidFormat);

/** `blog/getPosts` (requirements §15 `{page?}`), plus a page size and one tag to filter by. */
export const GetPostsInputSchema = z.object({
  page: PageNumberSchema.default(1),
  pageSize: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(BLOG_MAX_PAGE_SIZE, `must be at most ${BLOG_MAX_PAGE_SIZE}`)
    .default(BLOG_PAGE_SIZE),
  tag: z
    .string({ error: 'must be text' })
    .trim()
    .toLowerCase()
    .min(1, 'must not be empty')
    .max(40, 'must be at most 40 characters')
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat)
    .optional()
    .describe('only posts with this tag (tags are lower-case)'),
});
export type GetPostsInput = z.input<typeof GetPostsInputSchema>;
export type GetPostsQuery = z.output<typeof GetPostsInputSchema>;

export const GetPostInputSchema = z.object({ slug: PostSlug });
export type GetPostInput = z.infer<typeof GetPostInputSchema>;

export const BlogAuthorSchema = z.object({ name: z.string(), title: z.string() });

export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverUrl: z.string().describe('site-relative URL of a 1200×630 image'),
  coverAlt: z.string(),
  author: BlogAuthorSchema,
  publishedAt: z.string().describe('ISO time'),
  updatedAt: z.string().describe('ISO time of the last edit (JSON-LD dateModified)'),
  tags: z.array(z.string()),
  readingMinutes: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogTagCountSchema = z.object({ tag: z.string(), count: z.number().int() });

export const BlogPostListSchema = z.object({
  items: z.array(BlogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every tag of the published posts with how many use it, most used first: the filter's choices. */
  tags: z.array(BlogTagCountSchema),
});
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

export const BlogPostSchema = BlogPostSummarySchema.extend({
  body: z.string().describe('Markdown'),
  bodyHtml: z.string().describe('the body rendered and sanitised'),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;
