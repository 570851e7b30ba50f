import type {
  AnswerQuestionInput,
  AskQuestionInput,
  CreateThreadInput,
  ReportInput,
  Review,
  ReviewInput,
  ThreadReplyInput,
} from '@everdeal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useAuth, useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// The community's calls from the browser (requirements §15). Lists are rendered by the server;
// the browser writes, reads the caller's own review (to open the form as "edit") and whether
// they asked a question, and reads a thread's replies when a reader opens them.

const myReviewKey = (productId: number) => [...USER_QUERY_KEY, 'community', 'my-review', productId] as const;

export function myReviewQueryOptions(productId: number) {
  return queryOptions({
    queryKey: myReviewKey(productId),
    queryFn: ({ signal }) => callApi('reviews/getMyReview', { productId }, { signal }),
  });
}

/** The caller's review of the product and whether they may write one; nothing for a visitor. */
export function useMyReview(productId: number) {
  const mayFetch = useMayFetchUserData();
  return useQuery({ ...myReviewQueryOptions(productId), enabled: mayFetch });
}

/**
 * Writes a first review or edits the caller's own one. Failures show in the form, not as toasts.
 * The saved review becomes the caller's review at once, so the product page the form returns to
 * can show it (`useMyReviewInBrowser`).
 */
export function useSaveReview(isEdit: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      callApi(isEdit ? 'reviews/updateReview' : 'reviews/addReview', input, { silent: true }),
    onSuccess: ({ review }) =>
      queryClient.setQueryData(myReviewQueryOptions(review.productId).queryKey, (mine) => ({
        review,
        canReview: mine?.canReview ?? true,
        // An edit leaves a moderator's decision as it was; a first review is shown.
        isHidden: mine?.isHidden ?? false,
      })),
  });
}

/**
 * The reader's review as this browser last read or wrote it, without asking the server: the
 * product page is rendered for everyone alike and lists the most helpful reviews, where a review
 * just written (no helpful votes yet) is rarely among them. Nothing for a visitor, and nothing
 * until the session is restored, so the hydrating render is the server's; it follows the session,
 * so signing out (which drops the user's queries) or in as someone else takes it away at once.
 */
export function useMyReviewInBrowser(productId: number): { review: Review | null; isHidden: boolean } {
  const auth = useAuth();
  const mine = useQuery({ ...myReviewQueryOptions(productId), enabled: false }).data;
  if (!auth.isLoggedIn || !mine || mine.review?.productId !== productId) return { review: null, isHidden: false };
  return { review: mine.review, isHidden: mine.isHidden };
}

export function useAskQuestion() {
  return useMutation({
    mutationFn: (input: AskQuestionInput) => callApi('questions/askQuestion', input, { silent: true }),
  });
}

export function useAnswerQuestion() {
  return useMutation({
    mutationFn: (input: AnswerQuestionInput) => callApi('questions/answerQuestion', input, { silent: true }),
  });
}

export function useAcceptAnswer() {
  return useMutation({ mutationFn: (answerId: number) => callApi('questions/acceptAnswer', { answerId }) });
}

/** Whether the signed-in reader asked the question (only the asker may accept an answer). */
export function useQuestionRole(questionId: number) {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: [...USER_QUERY_KEY, 'community', 'question-role', questionId],
    queryFn: ({ signal }) => callApi('questions/getMyRole', { id: questionId }, { signal, silent: true }),
    enabled: mayFetch,
  });
  return isLoggedIn && query.data?.askedByMe === true;
}

export function useCreateThread() {
  return useMutation({
    mutationFn: (input: CreateThreadInput) => callApi('community/createThread', input, { silent: true }),
  });
}

const threadKey = (threadId: number) => ['community', 'thread', threadId] as const;

/** One thread with its replies (public), fetched when a reader opens the replies. */
export function useThread(threadId: number) {
  return useQuery({
    queryKey: threadKey(threadId),
    queryFn: ({ signal }) => callApi('community/getThread', { id: threadId }, { signal }),
    select: (result) => result.thread,
  });
}

/** `community/reply`; the thread is read again so the new reply shows in its place. */
export function useReplyToThread(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ThreadReplyInput, 'threadId'>) =>
      callApi('community/reply', { threadId, ...input }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadKey(threadId) }),
  });
}

/** A failed vote or report is toasted by the client: the buttons have no form to show it in. */
export function useMarkHelpful() {
  return useMutation({ mutationFn: (reviewId: number) => callApi('reviews/markHelpful', { reviewId }) });
}

export function useReport() {
  return useMutation({ mutationFn: (input: ReportInput) => callApi('community/report', input) });
}
