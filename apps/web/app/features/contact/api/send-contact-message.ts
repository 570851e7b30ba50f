import type { ContactInput } from '@everdeal/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';

/** `contact/send` (requirements §15): stored, then mailed to support. Silent: the form answers. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactInput) => callApi('contact/send', input, { silent: true }),
  });
}
