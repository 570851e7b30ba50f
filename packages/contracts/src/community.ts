import { z } from 'zod';
import {
  ANSWER_BODY_MAX,
  COMMUNITY_MAX_PAGE_SIZE,
  COMMUNITY_PAGE_SIZE,
  CommunityMessage,
  QUESTION_BODY_MAX,
  QUESTION_TITLE_MAX,
  QUESTION_TITLE_MIN,
  REPORT_REASON_MAX,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  ReportTargets,
  ReviewSorts,
  THREAD_BODY_MAX,
  THREAD_TITLE_MAX,
  THREAD_TITLE_MIN,
  UPDATE_BODY_MAX,
  UPDATE_TITLE_MAX,
} from './community-messages';
import { WITHOUT_NUL } from './content-messages';
import { publicId } from './ids';
import { ValidationMessage } from './messages';
import { PageNumberSchema } from './paging';

// Payloads and results of the community calls (requirements §12, §15, decision 011). Texts are
// plain: the server stores them as written and the page renders them as text, so markup in them
// is shown, never run. Update bodies are Markdown and come with their sanitised HTML.

const Slug = z
  .string({
    error: (issue) => (issue.input === undefined ? ValidationMessage.required : ValidationMessage.invalidFormat),
  })
  .trim()
  .min(1, ValidationMessage.required)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, ValidationMessage.invalidFormat);

const Page = PageNumberSchema.default(1);

const PageSize = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(COMMUNITY_MAX_PAGE_SIZE, `must be at most ${COMMUNITY_MAX_PAGE_SIZE}`)
  .default(COMMUNITY_PAGE_SIZE);

/** A one-line title: runs of white space become one space. */
function title(min: number, max: number) {
  return z
    .string({ error: CommunityMessage.titleRequired })
    .transform((text) => text.replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .trim()
        .min(1, CommunityMessage.titleRequired)
        .min(min, CommunityMessage.titleTooShort(min))
        .max(max, CommunityMessage.titleTooLong(max))
        .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
    );
}

function body(max: number, min = 1) {
  return z
    .string({ error: CommunityMessage.bodyRequired })
    .trim()
    .min(1, CommunityMessage.bodyRequired)
    .min(min, CommunityMessage.bodyTooShort(min))
    .max(max, CommunityMessage.bodyTooLong(max))
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat);
}

const ProductId = publicId('product');

export const AuthorSchema = z.object({
  name: z.string().describe('first and last name; "Everdeal member" when none'),
  avatarUrl: z.string().nullable(),
});
export type Author = z.infer<typeof AuthorSchema>;

// Reviews

export const ReviewSortSchema = z.enum(ReviewSorts);

export const GetReviewsInputSchema = z.object({
  slug: Slug,
  page: Page,
  pageSize: PageSize,
  sort: ReviewSortSchema.default('newest'),
});
export type GetReviewsInput = z.input<typeof GetReviewsInputSchema>;

export const ReviewInputSchema = z.object({
  productId: ProductId,
  rating: z
    .number({ error: CommunityMessage.ratingInvalid })
    .int(CommunityMessage.ratingInvalid)
    .min(1, CommunityMessage.ratingInvalid)
    .max(5, CommunityMessage.ratingInvalid),
  title: title(REVIEW_TITLE_MIN, REVIEW_TITLE_MAX),
  body: body(REVIEW_BODY_MAX, REVIEW_BODY_MIN),
});
export type ReviewInput = z.input<typeof ReviewInputSchema>;

export const ProductRefSchema = z.object({ productId: ProductId });

export const ReviewRefInputSchema = z.object({ reviewId: publicId('review') });

export const ReplyToReviewInputSchema = z.object({ reviewId: publicId('review'), body: body(ANSWER_BODY_MAX) });

export const ReviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string().describe('plain text as written; render as text'),
  author: AuthorSchema,
  isVerifiedPurchaser: z.boolean(),
  helpfulCount: z.number().int(),
  sellerReply: z.string().nullable(),
  sellerRepliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.object({
  items: z.array(ReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const ReviewResultSchema = z.object({ review: ReviewSchema });
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

export const MyReviewSchema = z.object({
  review: ReviewSchema.nullable(),
  canReview: z.boolean().describe('the caller holds an active, unrefunded item of the product'),
  isHidden: z.boolean().describe('a moderator hid the caller’s review: it is in no public list'),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

export const HelpfulResultSchema = z.object({ helpfulCount: z.number().int(), isHelpful: z.boolean() });
export type HelpfulResult = z.infer<typeof HelpfulResultSchema>;

// Questions

export const GetQuestionsInputSchema = z.object({ slug: Slug, page: Page, pageSize: PageSize });
export type GetQuestionsInput = z.input<typeof GetQuestionsInputSchema>;

export const QuestionRefInputSchema = z.object({ id: publicId('question') });

export const AskQuestionInputSchema = z.object({
  productId: ProductId,
  title: title(QUESTION_TITLE_MIN, QUESTION_TITLE_MAX),
  // Optional: a question may be its title alone; the form sends an empty text for none.
  body: z
    .string({ error: CommunityMessage.bodyRequired })
    .trim()
    .max(QUESTION_BODY_MAX, CommunityMessage.bodyTooLong(QUESTION_BODY_MAX))
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat)
    .optional()
    .default(''),
});
export type AskQuestionInput = z.input<typeof AskQuestionInputSchema>;

export const AnswerQuestionInputSchema = z.object({ questionId: publicId('question'), body: body(ANSWER_BODY_MAX) });
export type AnswerQuestionInput = z.input<typeof AnswerQuestionInputSchema>;

export const AcceptAnswerInputSchema = z.object({ answerId: publicId('answer') });

export const AnswerSchema = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  body: z.string().describe('plain text'),
  author: AuthorSchema,
  isFounder: z.boolean().describe('written by a member of the product’s seller: the "Founder" badge'),
  isAccepted: z.boolean(),
  createdAt: z.string(),
});
export type Answer = z.infer<typeof AnswerSchema>;

export const QuestionSummarySchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  body: z.string().describe('plain text'),
  author: AuthorSchema,
  answerCount: z.number().int(),
  hasFounderAnswer: z.boolean(),
  /** The accepted answer, else the founder's first, else the first: what a list shows. */
  topAnswer: AnswerSchema.nullable(),
  createdAt: z.string(),
});
export type QuestionSummary = z.infer<typeof QuestionSummarySchema>;

export const QuestionSchema = QuestionSummarySchema.extend({
  productSlug: z.string(),
  productName: z.string(),
  answers: z.array(AnswerSchema),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QuestionListSchema = z.object({
  items: z.array(QuestionSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QuestionList = z.infer<typeof QuestionListSchema>;

export const QuestionResultSchema = z.object({ question: QuestionSummarySchema });
export const AnswerResultSchema = z.object({ answer: AnswerSchema });
/** Whether the caller asked the question: the question page then offers "Accept this answer". */
export const QuestionRoleSchema = z.object({ askedByMe: z.boolean() });
export type AnswerResult = z.infer<typeof AnswerResultSchema>;

// Updates

export const GetUpdatesInputSchema = z.object({ slug: Slug, page: Page, pageSize: PageSize });
export const UpdateRefInputSchema = z.object({ id: publicId('update') });
export const PostUpdateInputSchema = z.object({
  productId: ProductId,
  title: title(3, UPDATE_TITLE_MAX),
  body: body(UPDATE_BODY_MAX).describe('Markdown'),
});

export const ProductUpdateSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productSlug: z.string(),
  productName: z.string(),
  title: z.string(),
  body: z.string().describe('Markdown'),
  bodyHtml: z.string().describe('the body rendered and sanitised'),
  createdAt: z.string(),
});
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const ProductUpdateListSchema = z.object({
  items: z.array(ProductUpdateSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductUpdateList = z.infer<typeof ProductUpdateListSchema>;
export const ProductUpdateResultSchema = z.object({ update: ProductUpdateSchema });

// Community threads

export const GetThreadsInputSchema = z.object({ slug: Slug, page: Page, pageSize: PageSize });
export const ThreadRefInputSchema = z.object({ id: publicId('thread') });
export const CreateThreadInputSchema = z.object({
  productId: ProductId,
  title: title(THREAD_TITLE_MIN, THREAD_TITLE_MAX),
  body: body(THREAD_BODY_MAX),
});
export type CreateThreadInput = z.input<typeof CreateThreadInputSchema>;
export const ThreadReplyInputSchema = z.object({ threadId: publicId('thread'), body: body(THREAD_BODY_MAX) });
export type ThreadReplyInput = z.input<typeof ThreadReplyInputSchema>;

export const ThreadReplySchema = z.object({
  id: z.number().int(),
  body: z.string().describe('plain text'),
  author: AuthorSchema,
  isFounder: z.boolean(),
  createdAt: z.string(),
});
export type ThreadReply = z.infer<typeof ThreadReplySchema>;

export const ThreadSummarySchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  body: z.string().describe('plain text'),
  author: AuthorSchema,
  replyCount: z.number().int(),
  lastActivityAt: z.string(),
  createdAt: z.string(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

export const ThreadSchema = ThreadSummarySchema.extend({ replies: z.array(ThreadReplySchema) });
export type Thread = z.infer<typeof ThreadSchema>;

export const ThreadListSchema = z.object({
  items: z.array(ThreadSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ThreadList = z.infer<typeof ThreadListSchema>;
export const ThreadResultSchema = z.object({ thread: ThreadSchema });
export const ThreadReplyResultSchema = z.object({ reply: ThreadReplySchema });

// The product page's previews

/**
 * The first posts of each community list with the list's total, as the product page shows them:
 * each list as its own call answers its first page (reviews most helpful first).
 */
export type ProductCommunityPreview = {
  reviews: { items: Review[]; total: number };
  questions: { items: QuestionSummary[]; total: number };
  updates: { items: ProductUpdate[]; total: number };
  threads: { items: ThreadSummary[]; total: number };
};

// Reports

export const ReportInputSchema = z.object({
  target: z.enum(ReportTargets, { error: ValidationMessage.invalidFormat }),
  id: publicId('reported content'),
  reason: z
    .string()
    .trim()
    .max(REPORT_REASON_MAX, CommunityMessage.bodyTooLong(REPORT_REASON_MAX))
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat)
    .optional()
    .default(''),
});
export type ReportInput = z.input<typeof ReportInputSchema>;
export const ReportResultSchema = z.object({ message: z.string() });

// Deal health (in the product detail)

export const DealHealthSchema = z.object({
  score: z.number().int().describe('0 to 100'),
  parts: z.object({
    daysSinceUpdate: z.number().int(),
    founderAnswerHours: z.number().nullable(),
    refundRate: z.number().nullable().describe('0 to 1, last 90 days'),
    ratingTrend: z.number().nullable().describe('stars, last 90 days minus all time'),
  }),
});
export type DealHealth = z.infer<typeof DealHealthSchema>;
