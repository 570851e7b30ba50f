import type { NotificationSettings } from '@everdeal/contracts/notification-topics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';

/** Under the user's key, so signing out (which clears it) forgets them. */
export const NOTIFICATION_SETTINGS_QUERY_KEY = [...USER_QUERY_KEY, 'notification-settings'] as const;

/** Decision 029: which notification mails the signed-in person gets. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_QUERY_KEY,
    queryFn: () => callApi('users/getNotificationSettings', {}, { silent: true }),
  });
}

/** Saves the switches; the answer (all of them) becomes the cached settings. Silent: the form shows the outcome. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<NotificationSettings>) =>
      callApi('users/updateNotificationSettings', settings, { silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(NOTIFICATION_SETTINGS_QUERY_KEY, saved),
  });
}

/** `users/unsubscribe` and its undo `users/resubscribe`, with a mail's token; no session needed. */
export function useUnsubscribeByToken() {
  return useMutation({
    mutationFn: (token: string) => callApi('users/unsubscribe', { token }, { silent: true }),
  });
}

export function useResubscribeByToken() {
  return useMutation({
    mutationFn: (token: string) => callApi('users/resubscribe', { token }, { silent: true }),
  });
}
