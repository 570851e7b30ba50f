import type { Db, Tx } from '@everdeal/db';
import type { MailBrand } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { type MailTopic, type NotificationParts, notificationParts } from './notification-mail';
import type { QueuedMail } from './outbox';

/**
 * A notification mail (decision 029) to a signed-up person, ready for `queueMail` in the same
 * transaction: `null` when they turned its topic off (nothing is queued). `compose` puts the
 * parts in the mail: the footer's reason and link (`renderMail`'s `unsubscribe`) and the RFC 8058
 * headers.
 */
export async function notificationMail(
  executor: Db | Tx,
  mail: { key: string; kind: string; to: string; userId: string; topic: MailTopic },
  brand: MailBrand,
  compose: (parts: NotificationParts) => MailMessage,
): Promise<QueuedMail | null> {
  const parts = await notificationParts(executor, { userId: mail.userId, topic: mail.topic }, brand);
  if (!parts) return null;
  return { key: mail.key, kind: mail.kind, to: mail.to, userId: mail.userId, message: compose(parts) };
}
