import { z } from 'zod';
import { ADMIN_QUERY_MAX, AdminPage } from './admin';
import { publicUuid } from './ids';

// The mail outbox in the admin area (decision 029, docs/operations.md "Mail outbox"): every mail
// the store queued, with its state, and a retry for one that failed for good. Behind the route
// table's `role: 'admin'`, so a mail's id is anyone's.

/**
 * `pending` waits for its attempt time, `sending` is being sent by one instance, `sent` and
 * `skipped` (nothing left to say) are final, `failed` waits for an admin's retry.
 */
export const MailOutboxStatusSchema = z.enum(['pending', 'sending', 'sent', 'failed', 'skipped']);
export type MailOutboxStatus = z.infer<typeof MailOutboxStatusSchema>;

export const AdminGetMailOutboxInputSchema = z.object({
  status: MailOutboxStatusSchema.optional(),
  q: z
    .string()
    .trim()
    .max(ADMIN_QUERY_MAX)
    .optional()
    .describe('part of the recipient’s address (any case), or a kind such as `receipt`'),
  page: AdminPage,
});
export type AdminGetMailOutboxInput = z.input<typeof AdminGetMailOutboxInputSchema>;

export const AdminOutboxMailSchema = z.object({
  id: z.string(),
  kind: z.string().describe('what the mail is: `receipt`, `password-reset`, `contact`, …'),
  to: z.string(),
  subject: z.string().nullable().describe('null for a mail rendered at delivery that has not been yet'),
  status: MailOutboxStatusSchema,
  attempts: z.number().int(),
  lastError: z.string().nullable().describe('the mail server’s answer to the last failed attempt'),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable().describe('when a pending mail is tried next; null in any other state'),
  sentAt: z.string().nullable(),
});
export type AdminOutboxMail = z.infer<typeof AdminOutboxMailSchema>;

export const MailOutboxCountsSchema = z.object({
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type MailOutboxCounts = z.infer<typeof MailOutboxCountsSchema>;

export const AdminMailOutboxSchema = z.object({
  items: z.array(AdminOutboxMailSchema).describe('newest first'),
  total: z.number().int().describe('mails matching the status and the search'),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: MailOutboxCountsSchema.describe('mails in each state matching the search, whatever the status filter'),
});
export type AdminMailOutbox = z.infer<typeof AdminMailOutboxSchema>;

export const AdminRetryMailInputSchema = z.object({ id: publicUuid('mail') });
export type AdminRetryMailInput = z.input<typeof AdminRetryMailInputSchema>;

export const AdminRetryMailResultSchema = z.object({ mail: AdminOutboxMailSchema });
export type AdminRetryMailResult = z.infer<typeof AdminRetryMailResultSchema>;

const NOT_FAILED: Record<Exclude<MailOutboxStatus, 'failed'>, string> = {
  pending: 'waiting to be sent',
  sending: 'being sent',
  sent: 'already sent',
  skipped: 'skipped (nothing left to say)',
};

export const AdminMailMessages = {
  mailNotFound: 'Mail not found',
  notFailed: (status: Exclude<MailOutboxStatus, 'failed'>) =>
    `Only a failed mail can be retried; this one is ${NOT_FAILED[status]}`,
} as const;
