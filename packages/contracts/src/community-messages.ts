// Limits and texts of the community calls (requirements §12, §15, decision 011). Zod-free, like
// content-messages.ts: the browser's forms import them to check a field and show the server's words.

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 5000;
export const QUESTION_TITLE_MIN = 5;
export const QUESTION_TITLE_MAX = 150;
export const QUESTION_BODY_MAX = 5000;
export const ANSWER_BODY_MAX = 5000;
export const THREAD_TITLE_MIN = 5;
export const THREAD_TITLE_MAX = 150;
export const THREAD_BODY_MAX = 5000;
export const UPDATE_TITLE_MAX = 150;
export const UPDATE_BODY_MAX = 20_000;
export const REPORT_REASON_MAX = 500;

export const COMMUNITY_PAGE_SIZE = 10;
export const COMMUNITY_MAX_PAGE_SIZE = 50;

export const ReviewSorts = ['newest', 'highest', 'lowest', 'helpful'] as const;
export type ReviewSort = (typeof ReviewSorts)[number];

export const ReportTargets = ['review', 'question', 'answer', 'thread'] as const;
export type ReportTarget = (typeof ReportTargets)[number];

export const CommunityMessage = {
  productNotFound: 'Product not found',
  reviewNotFound: 'Review not found',
  questionNotFound: 'Question not found',
  answerNotFound: 'Answer not found',
  updateNotFound: 'Update not found',
  threadNotFound: 'Thread not found',
  /** requirements §15, verbatim. */
  verifiedOnly: 'Only verified purchasers can review this product',
  alreadyReviewed: 'You have already reviewed this product; edit your review instead',
  noReviewToEdit: 'You have not reviewed this product yet',
  ownReviewHelpful: 'You cannot mark your own review as helpful',
  sellerOnly: 'Only the product’s seller can do this',
  askerOnly: 'Only the person who asked can accept an answer',
  alreadyReported: 'You have already reported this',
  reported: 'Thank you. Our team will review this report.',
  ratingInvalid: 'Please choose from 1 to 5 stars',
  titleRequired: 'Please enter a title',
  titleTooShort: (min: number) => `The title must be at least ${min} characters long`,
  titleTooLong: (max: number) => `The title must be at most ${max} characters long`,
  bodyRequired: 'Please write something',
  bodyTooShort: (min: number) => `The text must be at least ${min} characters long`,
  bodyTooLong: (max: number) => `The text must be at most ${max} characters long`,
  // Success toasts of the forms (requirements §2: back to the product page with a toast).
  reviewSaved: 'Thank you! Your review is published.',
  questionAsked: 'Your question is posted. You will see answers on the product page.',
  threadStarted: 'Your discussion is started.',
} as const;

/**
 * How the deal-health score counts (requirements §12, decision 011). Each part gives up to 25
 * points; a part with nothing to measure yet (no question asked, no sale, no recent review)
 * gives half. The product page shows this text as the score's explanation.
 */
export const DEAL_HEALTH_PART_POINTS = 25;
export const DEAL_HEALTH_HELP =
  'Deal health is 0 to 100, from four parts worth 25 points each: seller updates (full within 30 days of the last one, none after 180), the founder’s median time to answer a question (full within a day, none after 14 days), the refund rate of the last 90 days (full at 0%, none at 20% or more) and the rating trend (the last 90 days against all time: full at +1 star, none at −1). A part with nothing to measure yet counts half.';
