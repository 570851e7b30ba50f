import type { Answer, ProductUpdate, QuestionSummary, Review, ThreadSummary } from '@everdeal/contracts';

// What the community pages hand the browser (see `ProductCardView` for why loaders narrow): the
// fields each card shows, the post's day under `postedOn` rather than the API's timestamps.

export type ReviewView = {
  id: number;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  isVerifiedPurchaser: boolean;
  helpfulCount: number;
  sellerReply: string | null;
  postedOn: string;
};

export function toReviewView(review: Review): ReviewView {
  return {
    id: review.id,
    rating: review.rating,
    title: review.title,
    body: review.body,
    authorName: review.author.name,
    isVerifiedPurchaser: review.isVerifiedPurchaser,
    helpfulCount: review.helpfulCount,
    sellerReply: review.sellerReply,
    postedOn: review.createdAt,
  };
}

export type AnswerView = {
  id: number;
  body: string;
  authorName: string;
  isFounder: boolean;
  isAccepted: boolean;
  postedOn: string;
};

export function toAnswerView(answer: Answer): AnswerView {
  return {
    id: answer.id,
    body: answer.body,
    authorName: answer.author.name,
    isFounder: answer.isFounder,
    isAccepted: answer.isAccepted,
    postedOn: answer.createdAt,
  };
}

export type QuestionView = {
  id: number;
  title: string;
  body: string;
  authorName: string;
  answerCount: number;
  topAnswer: AnswerView | null;
  postedOn: string;
};

export function toQuestionView(question: QuestionSummary): QuestionView {
  return {
    id: question.id,
    title: question.title,
    body: question.body,
    authorName: question.author.name,
    answerCount: question.answerCount,
    topAnswer: question.topAnswer ? toAnswerView(question.topAnswer) : null,
    postedOn: question.createdAt,
  };
}

export type UpdateView = { id: number; title: string; bodyHtml: string; postedOn: string };

export function toUpdateView(update: ProductUpdate): UpdateView {
  return { id: update.id, title: update.title, bodyHtml: update.bodyHtml, postedOn: update.createdAt };
}

export type ThreadView = {
  id: number;
  title: string;
  body: string;
  authorName: string;
  replyCount: number;
  lastActivityOn: string;
};

export function toThreadView(thread: ThreadSummary): ThreadView {
  return {
    id: thread.id,
    title: thread.title,
    body: thread.body,
    authorName: thread.author.name,
    replyCount: thread.replyCount,
    lastActivityOn: thread.lastActivityAt,
  };
}
