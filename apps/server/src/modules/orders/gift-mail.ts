/**
 * The claim link's mail of a gift or transfer (decision 043). Its token is made here, when the
 * outbox renders the mail, and only its hash is written: the plain token exists in the message
 * that goes out and nowhere else. A resend queues a new mail whose rendering replaces the hash,
 * so only the latest link works; a mail of an earlier send rendered late, or one of an offer
 * claimed, canceled or refunded meanwhile, is skipped.
 */
import { BRAND_NAME } from '@everdeal/contracts';
import { giftClaimPath } from '@everdeal/contracts/order-paths';
import { type Db, itemTransfers, orderItems, users } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import { type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import type { Outbox } from '../mail';
import { CLAIM_MAIL_KIND, GIFT_LINK_TTL_MS, giverName, newClaimToken, UNNAMED_GIVER } from './gift-rules';

type ClaimMailPayload = { transferId: string; sentAt: number };

function payloadOf(payload: unknown): ClaimMailPayload {
  const value = payload as Partial<ClaimMailPayload> | null;
  if (typeof value?.transferId !== 'string' || typeof value.sentAt !== 'number') {
    throw new Error('a claim mail without its offer');
  }
  return { transferId: value.transferId, sentAt: value.sentAt };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A name in a subject line: no line breaks or other control characters, at most 60 characters. */
const subjectSafe = (text: string) => text.replace(/\p{Cc}+/gu, ' ').slice(0, 60);

type ClaimMailFacts = {
  kind: 'gift' | 'transfer';
  from: string;
  message: string | null;
  productName: string;
  planName: string;
  quantity: number;
};

/** The mail itself: who sends what, their note (escaped by the layout, as written), and the link. */
export function claimMail(facts: ClaimMailFacts, link: { url: string; expiresAt: Date }, brand: MailBrand) {
  const what = `${facts.productName} (${facts.planName}${facts.quantity > 1 ? ` × ${facts.quantity}` : ''})`;
  const isGift = facts.kind === 'gift';
  return {
    subject: isGift
      ? `${subjectSafe(facts.from)} sent you a gift on ${BRAND_NAME}`
      : `${subjectSafe(facts.from)} is transferring a license to you on ${BRAND_NAME}`,
    link: link.url,
    ...renderMail(
      {
        greeting: 'Hello,',
        paragraphs: [
          isGift
            ? `${facts.from} bought you ${what} on ${BRAND_NAME}, a lifetime deal on AI software.`
            : `${facts.from} is passing their license of ${what} on to you.`,
          ...(facts.message ? [`${facts.from} wrote:`] : []),
        ],
        ...(facts.message ? { quote: facts.message } : {}),
        action: { label: isGift ? 'Claim your gift' : 'Claim the license', url: link.url },
        afterAction: [
          `The link works once, until ${dateFormat.format(link.expiresAt)}. You sign in or create a free account to claim it; the license codes are then on your account.`,
          facts.from === UNNAMED_GIVER
            ? `If you were not expecting ${isGift ? 'a gift' : 'a license'}, you can ignore this mail.`
            : `If you do not know ${facts.from}, you can ignore this mail.`,
        ],
      },
      brand,
    ),
  };
}

/**
 * How the outbox renders a claim link's mail (wired with the orders module's other renderers):
 * the token is made and its hash written in one guarded statement, only for the offer's latest
 * send to its current address while it is pending and its item active; otherwise the mail is skipped.
 */
export function addClaimMailRenderer(outbox: Outbox, deps: { db: Db; brand: MailBrand; now: () => Date }): void {
  outbox.addRenderer(CLAIM_MAIL_KIND, async (payload, recipient): Promise<MailMessage | null> => {
    const { transferId, sentAt } = payloadOf(payload);
    const { token, tokenHash } = newClaimToken();
    const expiresAt = new Date(deps.now().getTime() + GIFT_LINK_TTL_MS);
    const [offer] = await deps.db
      .update(itemTransfers)
      .set({ tokenHash, tokenExpiresAt: expiresAt })
      .from(orderItems)
      .where(
        and(
          eq(itemTransfers.id, transferId),
          eq(itemTransfers.status, 'pending'),
          sql`${itemTransfers.sentAt} = ${new Date(sentAt).toISOString()}::timestamptz`,
          // And still to this mail's address: a corrected recipient's send, even in the same
          // millisecond as another, never makes a link for the address it replaced.
          eq(itemTransfers.toEmail, recipient.to),
          eq(orderItems.id, itemTransfers.orderItemId),
          eq(orderItems.status, 'active'),
        ),
      )
      .returning({
        kind: itemTransfers.kind,
        fromUserId: itemTransfers.fromUserId,
        message: itemTransfers.message,
        productName: orderItems.productName,
        planName: orderItems.planName,
        quantity: orderItems.quantity,
      });
    if (!offer) return null;
    const [giver] = await deps.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, offer.fromUserId));
    const url = `${deps.brand.publicUrl}${giftClaimPath(token)}`;
    const mail = claimMail(
      { ...offer, from: giverName(giver?.firstName ?? '', giver?.lastName ?? '') },
      { url, expiresAt },
      deps.brand,
    );
    return { to: recipient.to, ...mail };
  });
}
