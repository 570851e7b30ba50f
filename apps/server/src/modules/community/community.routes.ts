import { defineHandlers } from '../../plugins/api';
import { type CommunityDeps, consumeWritePoint } from './community-shared';
import {
  acceptAnswer,
  answerQuestion,
  askQuestion,
  getMyQuestionRole,
  getQuestion,
  getQuestions,
} from './questions.service';
import { addReview, getMyReview, getReviews, markHelpful, replyToReview, updateReview } from './reviews.service';
import { createThread, getThread, getThreads, replyToThread, reportContent } from './threads.service';
import { getUpdate, getUpdates, postUpdate } from './updates.service';

/**
 * Requirements §12, §15 community calls (decision 011). Reads are public; every write needs a
 * login and spends a point of the caller's hourly budget first, so a flood is a 429, not rows.
 */
export function communityHandlers(deps: CommunityDeps) {
  return defineHandlers({
    'reviews/getReviews': (input) => getReviews(deps, input),
    'reviews/getMyReview': (input, { user }) => getMyReview(deps, user.id, input.productId),
    'reviews/addReview': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { review: await addReview(deps, user, input) };
    },
    'reviews/updateReview': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { review: await updateReview(deps, user, input) };
    },
    'reviews/markHelpful': async (input, { user }) => {
      await deps.limits.consume([['communityVotePerUser', user.id]]);
      return markHelpful(deps, user.id, input.reviewId);
    },
    'reviews/replyToReview': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { review: await replyToReview(deps, user.id, input) };
    },
    'questions/getQuestions': (input) => getQuestions(deps, input),
    'questions/getQuestion': (input) => getQuestion(deps, input.id),
    'questions/askQuestion': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { question: await askQuestion(deps, user.id, input) };
    },
    'questions/answerQuestion': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { answer: await answerQuestion(deps, user.id, input) };
    },
    'questions/getMyRole': (input, { user }) => getMyQuestionRole(deps, user.id, input.id),
    'questions/acceptAnswer': async (input, { user }) => ({
      answer: await acceptAnswer(deps, user.id, input.answerId),
    }),
    'updates/getUpdates': (input) => getUpdates(deps, input),
    'updates/getUpdate': async (input) => ({ update: await getUpdate(deps, input.id) }),
    'updates/postUpdate': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { update: await postUpdate(deps, user.id, input) };
    },
    'community/getThreads': (input) => getThreads(deps, input),
    'community/getThread': async (input) => ({ thread: await getThread(deps, input.id) }),
    'community/createThread': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { thread: await createThread(deps, user.id, input) };
    },
    'community/reply': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return { reply: await replyToThread(deps, user.id, input) };
    },
    'community/report': async (input, { user }) => {
      await consumeWritePoint(deps, user.id);
      return reportContent(deps, user.id, input);
    },
  });
}
