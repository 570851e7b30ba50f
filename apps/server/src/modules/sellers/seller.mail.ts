import { BRAND_NAME } from '@everdeal/contracts';
import { type Db, products, sellerMembers, sellers, type Tx, users } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { type NotificationParts, notificationMail, type QueuedMail, queueMail } from '../mail';

// What a seller's members hear from the store (requirements §13, decision 014): a new question
// on their product and their product going live (a sale: sale-mail.ts). Each goes to every active
// member's own address, never carries a buyer's or asker's address. They are notifications of the
// `sellerActivity` topic, queued in the transaction of the change that causes them, keyed by that
// event and the member (decision 029); a member who turned the topic off gets none.

type Member = { email: string; firstName: string; sellerId: number };

export function newQuestionMail(
  to: Member,
  question: { productName: string; title: string; body: string; url: string },
  brand: MailBrand,
  parts: NotificationParts,
): MailMessage {
  return {
    to: to.email,
    subject: `New question about ${question.productName}`,
    link: question.url,
    headers: parts.headers,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `A shopper asked a question about ${question.productName}: “${question.title}”`,
          'Answers from your team carry the Founder badge; a quick one helps the deal’s health score.',
        ],
        quote: question.body,
        action: { label: 'Answer the question', url: question.url },
        unsubscribe: parts.unsubscribe,
      },
      brand,
    ),
  };
}

/**
 * The active members of a product's seller, with their ids (each member's settings decide), read
 * in the caller's transaction.
 */
async function membersOfProduct(executor: Db | Tx, productId: number): Promise<(Member & { userId: string })[]> {
  return executor
    .select({ userId: users.id, email: users.email, firstName: users.firstName, sellerId: products.sellerId })
    .from(products)
    .innerJoin(sellerMembers, eq(sellerMembers.sellerId, products.sellerId))
    .innerJoin(users, eq(users.id, sellerMembers.userId))
    .where(and(eq(products.id, productId), eq(users.status, 'active')));
}

/** Queues each member's notification that `compose` writes, skipping those who turned the topic off. */
async function queueSellerNotifications<Recipient extends { userId: string; email: string }>(
  tx: Tx,
  brand: MailBrand,
  recipients: Recipient[],
  event: { kind: string; key: string; at: Date },
  compose: (recipient: Recipient, parts: NotificationParts) => MailMessage,
): Promise<string[]> {
  const mails: QueuedMail[] = [];
  for (const recipient of recipients) {
    const mail = await notificationMail(
      tx,
      {
        key: `${event.key}:${recipient.userId}`,
        kind: event.kind,
        to: recipient.email,
        userId: recipient.userId,
        topic: 'sellerActivity',
      },
      brand,
      (parts) => compose(recipient, parts),
    );
    if (mail) mails.push(mail);
  }
  return queueMail(tx, mails, event.at);
}

/**
 * A new question on a product, in the transaction that stores it: its seller's members hear of it
 * (not the asker, if a member). Answers the rows to deliver once committed.
 */
export async function queueNewQuestionMails(
  tx: Tx,
  brand: MailBrand,
  question: {
    id: number;
    productId: number;
    productName: string;
    title: string;
    body: string;
    url: string;
    askerEmail: string;
  },
  at: Date,
): Promise<string[]> {
  const members = (await membersOfProduct(tx, question.productId)).filter(
    (member) => member.email !== question.askerEmail,
  );
  return queueSellerNotifications(
    tx,
    brand,
    members,
    { kind: 'new-question', key: `new-question:${question.id}`, at },
    (member, parts) => newQuestionMail(member, question, brand, parts),
  );
}

export function productLiveMail(
  to: Member,
  product: { name: string; url: string },
  brand: MailBrand,
  parts: NotificationParts,
): MailMessage {
  return {
    to: to.email,
    subject: `${product.name} is live on ${BRAND_NAME}`,
    link: product.url,
    headers: parts.headers,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `${product.name} is now published: shoppers can find it in the store and buy it.`,
          'Questions and reviews will come to its page; we mail you each new question and each sale.',
        ],
        action: { label: 'See the product page', url: product.url },
        unsubscribe: parts.unsubscribe,
      },
      brand,
    ),
  };
}

/**
 * An admin published the product, in that transaction: its seller's members hear it is live.
 * Each publishing is its own event (a product taken down and published again is news again).
 */
export async function queueProductLiveMails(
  tx: Tx,
  brand: MailBrand,
  product: { id: number; name: string; slug: string },
  at: Date,
): Promise<string[]> {
  const url = `${brand.publicUrl}/products/${product.slug}`;
  return queueSellerNotifications(
    tx,
    brand,
    await membersOfProduct(tx, product.id),
    { kind: 'product-live', key: `product-live:${product.id}:${at.toISOString()}`, at },
    (member, parts) => productLiveMail(member, { name: product.name, url }, brand, parts),
  );
}

export function productSubmittedMail(
  to: { email: string; firstName: string },
  product: { id: number; name: string; sellerName: string },
  brand: MailBrand,
  parts: NotificationParts,
): MailMessage {
  const link = `${brand.publicUrl}/admin/products`;
  return {
    to: to.email,
    subject: `[Review] ${product.sellerName} submitted ${product.name}`,
    link,
    headers: parts.headers,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `${product.sellerName} submitted ${product.name} (product ${product.id}) for review. It waits in the review queue until someone approves it or asks for changes.`,
        ],
        action: { label: 'Open the review queue', url: link },
        unsubscribe: parts.unsubscribe,
      },
      brand,
    ),
  };
}

/**
 * A product submitted for review, in that transaction: every active admin hears of it (the config
 * has no team address for it). Mail about a seller's doings to a person's own address, so it is a
 * `sellerActivity` notification like the sellers' own (decision 029): an admin may turn it off and
 * still find the queue in the admin area. Each submission is its own event.
 */
export async function queueSubmittedMails(
  tx: Tx,
  brand: MailBrand,
  product: { id: number; name: string; sellerId: number; submittedAt: Date | null },
  at: Date,
): Promise<string[]> {
  const [seller] = await tx.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, product.sellerId));
  const admins = await tx
    .select({ userId: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  const facts = { id: product.id, name: product.name, sellerName: seller?.name ?? 'A seller' };
  return queueSellerNotifications(
    tx,
    brand,
    admins,
    {
      kind: 'product-submitted',
      key: `product-submitted:${product.id}:${(product.submittedAt ?? at).toISOString()}`,
      at,
    },
    (admin, parts) => productSubmittedMail(admin, facts, brand, parts),
  );
}
