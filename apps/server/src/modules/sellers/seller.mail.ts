import { BRAND_NAME } from '@everdeal/contracts';
import { type Db, products, sellerMembers, sellers, users } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { Mailer, MailMessage } from '../../lib/mailer';
import { preparedPerDatabase } from '../../lib/prepared';

// What a seller's members hear from the store (requirements §13, decision 014): a new question
// on their product, and their product going live (a sale: sale-mail.ts). Each goes to every
// active member's own address, never carries a buyer's or asker's address, and is sent once the
// change is committed; a failed mail is logged and changes nothing.

export type SellerMailDeps = { db: Db; mailer: Mailer; brand: MailBrand; log: FastifyBaseLogger };

type Member = { email: string; firstName: string; sellerId: number };

/**
 * The active members of the sellers of some products: prepared once per database, with the ids as
 * one array parameter.
 */
export const saleMailStatements = preparedPerDatabase((db) => ({
  members: db
    .select({
      email: users.email,
      firstName: users.firstName,
      sellerId: products.sellerId,
      productId: products.id,
    })
    .from(products)
    .innerJoin(sellerMembers, eq(sellerMembers.sellerId, products.sellerId))
    .innerJoin(users, eq(users.id, sellerMembers.userId))
    .where(and(sql`${products.id} = any(${sql.placeholder('productIds')}::int[])`, eq(users.status, 'active')))
    .prepare('sale_mail_members'),
}));

async function membersOfProducts(db: Db, productIds: number[]): Promise<(Member & { productId: number })[]> {
  if (productIds.length === 0) return [];
  return saleMailStatements(db).members.execute({ productIds });
}

/** Runs `send` without letting its failure reach the caller: the change it reports is done. */
function quietly(deps: SellerMailDeps, what: string, send: () => Promise<void>): void {
  send().catch((error: unknown) => deps.log.error({ err: error, mail: what }, 'seller mail failed'));
}

export function newQuestionMail(
  to: Member,
  question: { productName: string; title: string; body: string; url: string },
  brand: MailBrand,
): MailMessage {
  return {
    to: to.email,
    subject: `New question about ${question.productName}`,
    link: question.url,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `A shopper asked a question about ${question.productName}: “${question.title}”`,
          'Answers from your team carry the Founder badge; a quick one helps the deal’s health score.',
        ],
        quote: question.body,
        action: { label: 'Answer the question', url: question.url },
      },
      brand,
    ),
  };
}

/** A new question on a product: its seller's members hear of it (not the asker, if a member). */
export function sendNewQuestionMails(
  deps: SellerMailDeps,
  question: { productId: number; productName: string; title: string; body: string; url: string; askerEmail: string },
): void {
  quietly(deps, 'new question', async () => {
    for (const member of await membersOfProducts(deps.db, [question.productId])) {
      if (member.email === question.askerEmail) continue;
      deps.mailer.sendInBackground(newQuestionMail(member, question, deps.brand));
    }
  });
}

export function productLiveMail(to: Member, product: { name: string; url: string }, brand: MailBrand): MailMessage {
  return {
    to: to.email,
    subject: `${product.name} is live on ${BRAND_NAME}`,
    link: product.url,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `${product.name} is now published: shoppers can find it in the store and buy it.`,
          'Questions and reviews will come to its page; we mail you each new question and each sale.',
        ],
        action: { label: 'See the product page', url: product.url },
      },
      brand,
    ),
  };
}

/** An admin published the product: its seller's members hear it is live. */
export function sendProductLiveMails(deps: SellerMailDeps, product: { id: number; name: string; slug: string }): void {
  quietly(deps, 'product live', async () => {
    const url = `${deps.brand.publicUrl}/products/${product.slug}`;
    for (const member of await membersOfProducts(deps.db, [product.id])) {
      deps.mailer.sendInBackground(productLiveMail(member, { name: product.name, url }, deps.brand));
    }
  });
}

export function productSubmittedMail(
  to: { email: string; firstName: string },
  product: { id: number; name: string; sellerName: string },
  brand: MailBrand,
): MailMessage {
  const link = `${brand.publicUrl}/admin/products`;
  return {
    to: to.email,
    subject: `[Review] ${product.sellerName} submitted ${product.name}`,
    link,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `${product.sellerName} submitted ${product.name} (product ${product.id}) for review. It waits in the review queue until someone approves it or asks for changes.`,
        ],
        action: { label: 'Open the review queue', url: link },
      },
      brand,
    ),
  };
}

/** A product submitted for review: every active admin hears of it (the config has no team address for it). */
export function sendSubmittedMails(
  deps: SellerMailDeps,
  product: { id: number; name: string; sellerId: number },
): void {
  quietly(deps, 'product submitted', async () => {
    const [seller] = await deps.db.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, product.sellerId));
    const admins = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    for (const admin of admins) {
      deps.mailer.sendInBackground(
        productSubmittedMail(
          admin,
          { id: product.id, name: product.name, sellerName: seller?.name ?? 'A seller' },
          deps.brand,
        ),
      );
    }
  });
}
