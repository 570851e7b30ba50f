import type {
  AnswerQuestionInput,
  AskQuestionInput,
  CreateThreadInput,
  ReportInput,
  ReviewInput,
} from '@everdeal/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn } from '~/shared/session/auth-store';

// The community's calls from the browser (requirements §15). Lists are rendered by the server;
// the browser only writes, and reads the caller's own review to open the form as "edit".

const myReviewKey = (productId: number) => [...USER_QUERY_KEY, 'community', 'my-review', productId] as const;

export function myReviewQueryOptions(productId: number) {
  return queryOptions({
    queryKey: myReviewKey(productId),
    queryFn: ({ signal }) => callApi('reviews/getMyReview', { productId }, { signal }),
  });
}

/** The caller's review of the product and whether they may write one; nothing for a visitor. */
export function useMyReview(productId: number) {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...myReviewQueryOptions(productId), enabled: isLoggedIn });
}

/** Writes a first review or edits the caller's own one. Failures show in the form, not as toasts. */
export function useSaveReview(isEdit: boolean) {
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      callApi(isEdit ? 'reviews/updateReview' : 'reviews/addReview', input, { silent: true }),
  });
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

export function useCreateThread() {
  return useMutation({
    mutationFn: (input: CreateThreadInput) => callApi('community/createThread', input, { silent: true }),
  });
}

/** A failed vote or report is toasted by the client: the buttons have no form to show it in. */
export function useMarkHelpful() {
  return useMutation({ mutationFn: (reviewId: number) => callApi('reviews/markHelpful', { reviewId }) });
}

export function useReport() {
  return useMutation({ mutationFn: (input: ReportInput) => callApi('community/report', input) });
}
