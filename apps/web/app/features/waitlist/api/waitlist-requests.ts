import type { JoinWaitlistInput } from '@everdeal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';

/**
 * `waitlist/join` (requirements §15). Silent: the form shows the answer beside itself. A second
 * join of the same address answers exactly like the first (decision 009).
 */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (input: JoinWaitlistInput) => callApi('waitlist/join', input, { silent: true }),
  });
}

/** `waitlist/unsubscribe` with the token of a mail's link; idempotent, 404 for an unknown token. */
export function useUnsubscribeWaitlist() {
  return useMutation({
    mutationFn: (token: string) => callApi('waitlist/unsubscribe', { token }, { silent: true }),
  });
}
