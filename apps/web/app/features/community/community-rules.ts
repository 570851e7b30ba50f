import {
  ANSWER_BODY_MAX,
  CommunityMessage,
  QUESTION_BODY_MAX,
  QUESTION_TITLE_MAX,
  QUESTION_TITLE_MIN,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  THREAD_BODY_MAX,
  THREAD_TITLE_MAX,
  THREAD_TITLE_MIN,
} from '@everdeal/contracts/community-messages';

// The community forms' field checks, worded like the server's (packages/contracts community.ts),
// without zod in the browser bundle.

export function titleError(value: string, min: number, max: number): string | undefined {
  const text = value.replace(/\s+/g, ' ').trim();
  if (!text) return CommunityMessage.titleRequired;
  if (text.length < min) return CommunityMessage.titleTooShort(min);
  if (text.length > max) return CommunityMessage.titleTooLong(max);
  return undefined;
}

export function bodyError(value: string, max: number, min = 1, isOptional = false): string | undefined {
  const text = value.trim();
  if (!text) return isOptional ? undefined : CommunityMessage.bodyRequired;
  if (text.length < min) return CommunityMessage.bodyTooShort(min);
  if (text.length > max) return CommunityMessage.bodyTooLong(max);
  return undefined;
}

export function ratingError(value: string): string | undefined {
  const rating = Number(value);
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? undefined : CommunityMessage.ratingInvalid;
}

export type ReviewField = 'rating' | 'title' | 'body';
export const reviewFieldError = (name: ReviewField, values: Readonly<Record<ReviewField, string>>) =>
  name === 'rating'
    ? ratingError(values.rating)
    : name === 'title'
      ? titleError(values.title, REVIEW_TITLE_MIN, REVIEW_TITLE_MAX)
      : bodyError(values.body, REVIEW_BODY_MAX, REVIEW_BODY_MIN);

export type QuestionField = 'title' | 'body';
export const questionFieldError = (name: QuestionField, values: Readonly<Record<QuestionField, string>>) =>
  name === 'title'
    ? titleError(values.title, QUESTION_TITLE_MIN, QUESTION_TITLE_MAX)
    : bodyError(values.body, QUESTION_BODY_MAX, 1, true);

export type ThreadField = 'title' | 'body';
export const threadFieldError = (name: ThreadField, values: Readonly<Record<ThreadField, string>>) =>
  name === 'title'
    ? titleError(values.title, THREAD_TITLE_MIN, THREAD_TITLE_MAX)
    : bodyError(values.body, THREAD_BODY_MAX);

/** A reply in a discussion thread: one body, as long as the thread's own (requirements §12). */
export type ReplyField = 'body';
export const replyFieldError = (_name: ReplyField, values: Readonly<Record<ReplyField, string>>) =>
  bodyError(values.body, THREAD_BODY_MAX);

export type AnswerField = 'body';
export const answerFieldError = (_name: AnswerField, values: Readonly<Record<AnswerField, string>>) =>
  bodyError(values.body, ANSWER_BODY_MAX);
