import { BRAND_NAME, type ContactResult } from '@everdeal/contracts';
import { contactMessages, type Db } from '@everdeal/db';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { type Outbox, queueMail } from '../mail';

export type ContactDeps = { db: Db; now: () => Date; outbox: Pick<Outbox, 'deliver'>; brand: MailBrand };

type ContactSubmission = { name: string; email: string; subject?: string | undefined; message: string };

/** The mail to the support team: the sender as Reply-To, so answering it answers them. */
export function contactMail(submission: ContactSubmission, id: string, brand: MailBrand): MailMessage {
  const subject = submission.subject ?? `Message from ${submission.name}`;
  return {
    to: brand.supportEmail,
    subject: `[Contact] ${subject}`,
    replyTo: { name: submission.name, address: submission.email },
    ...renderMail(
      {
        greeting: `New message from the ${BRAND_NAME} contact form.`,
        paragraphs: [
          `From: ${submission.name} <${submission.email}>`,
          `Subject: ${submission.subject ?? '(none)'}`,
          `Reference: ${id}`,
        ],
        quote: submission.message,
        afterAction: ['Reply to this mail to answer the sender.'],
      },
      brand,
    ),
  };
}

/**
 * The acknowledgement to the sender. It repeats nothing they typed (name, subject, message): the
 * form takes any address without a sign-in, so a mail carrying a stranger's text to it would let
 * anyone send their words under the store's name. The per-address limit (5 an hour) caps how
 * often one address hears from us.
 */
export function contactAcknowledgementMail(email: string, id: string, brand: MailBrand): MailMessage {
  return {
    to: email,
    subject: `We received your message to ${BRAND_NAME}`,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          `Thank you for writing to ${BRAND_NAME}. Your message reached our support team; we answer by mail to this address.`,
          `Your reference: ${id}`,
        ],
        afterAction: [
          `If you did not write to us, someone typed your address into our contact form: ignore this mail, or tell us at ${brand.supportEmail}.`,
        ],
      },
      brand,
    ),
  };
}

/**
 * `contact/send` (requirements §14): the message is stored and its two mails (to SUPPORT_EMAIL,
 * and the acknowledgement to the sender) are queued in one transaction, so a stored message is
 * never left unmailed (decision 029's outbox); they go out after the commit, in the background:
 * a slow mail server must not hold the visitor's request. Both are transactional mail, with no
 * unsubscribe link.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  submission: ContactSubmission,
  ip: string,
): Promise<ContactResult> {
  const now = deps.now();
  const { row, mailIds } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: submission.name,
        email: submission.email,
        subject: submission.subject ?? null,
        message: submission.message,
        ip,
        createdAt: now,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    if (!row) throw new Error('insert into contact_messages returned no row');
    const toStore = contactMail(submission, row.id, deps.brand);
    const toSender = contactAcknowledgementMail(submission.email, row.id, deps.brand);
    const mailIds = await queueMail(
      tx,
      [
        { key: `contact:${row.id}:store`, kind: 'contact', to: toStore.to, message: toStore },
        { key: `contact:${row.id}:sender`, kind: 'contact-acknowledgement', to: toSender.to, message: toSender },
      ],
      now,
    );
    return { row, mailIds };
  });
  deps.outbox.deliver(mailIds);
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
