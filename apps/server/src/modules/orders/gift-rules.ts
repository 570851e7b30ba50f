/**
 * The rules of gifts and license transfers (decision 043) a reader looks for in one place: the
 * link's token and its life, who may give what, and what the buyer and the recipient see of a
 * moved item. The statements that apply them are in gifts.sql.ts.
 */
import {
  AppError,
  GIFT_LINK_TTL_DAYS,
  GiftMessage,
  type GiftTo,
  type ItemTransferView,
  type OrderItem,
  type ReceivedFrom,
} from '@everdeal/contracts';
import { generateToken, hashToken } from '../../lib/opaque-token';

export const GIFT_LINK_TTL_MS = GIFT_LINK_TTL_DAYS * 24 * 60 * 60_000;

/** The outbox kind of a claim link's mail; its renderer makes the link's token (gift-mail.ts). */
export const CLAIM_MAIL_KIND = 'item-claim';

/**
 * The stored hash names its audience: a claim link's token hashed as anything else (a session, a
 * reset or verification link) matches no row here, and theirs match none of these.
 */
export function hashClaimToken(token: string): string {
  return hashToken(`item-claim:${token}`);
}

/** A new claim link's token and the hash stored for it. */
export function newClaimToken(): { token: string; tokenHash: string } {
  const token = generateToken();
  return { token, tokenHash: hashClaimToken(token) };
}

/**
 * One mail per send: the key names the offer and the moment it was (re)sent, so a resend queues a
 * new mail and a repeated statement never a second one (decision 029).
 */
export function claimMailKey(transferId: string, sentAt: Date): string {
  return `${CLAIM_MAIL_KIND}:${transferId}:${sentAt.getTime()}`;
}

const normalized = (email: string) => email.trim().toLowerCase();

/** A gift or transfer goes to someone else: never to the giver's own address. */
export function requireOtherRecipient(giverEmail: string, recipientEmail: string): void {
  if (normalized(giverEmail) === normalized(recipientEmail)) throw AppError.validation(GiftMessage.toSelf);
}

/**
 * Only lifetime deals move (decision 043): a subscription's renewals charge the buyer's card, and
 * moving them to another person's card is not built.
 */
export function requireGiftable(lines: readonly { planKind: string; productName: string }[]): void {
  const subscription = lines.find((line) => line.planKind === 'subscription');
  if (subscription) throw AppError.validation(GiftMessage.notGiftable(subscription.productName));
}

/** What a recipient is told of a giver whose account has no name (one signed up with an address only). */
export const UNNAMED_GIVER = 'Someone';

/** "Ada L.": what a recipient is told of the giver, and never their address. */
export function giverName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return [firstName.trim(), initial ? `${initial}.` : ''].filter(Boolean).join(' ') || UNNAMED_GIVER;
}

/** The buyer's view of a gift their checkout just made, as `loadItems` reads it back (orders.service.ts). */
export function giftViewOf(gift: GiftTo, madeAt: Date): ItemTransferView {
  return {
    kind: 'gift',
    status: 'pending',
    toEmail: gift.email.trim(),
    message: gift.message?.trim() || null,
    sentAt: madeAt.toISOString(),
    claimedAt: null,
  };
}

/**
 * The buyer's view of an item with a live offer: a gift's codes are the recipient's from the
 * start, a transfer's from the moment it is offered (until it is canceled), so the buyer cannot
 * keep a copy of what they give. Their money fields stay: the order is theirs.
 */
export function asGiverView(item: OrderItem, transfer: ItemTransferView | null): OrderItem {
  if (!transfer) return item;
  return { ...item, codes: [], transfer };
}

/**
 * The recipient's view of an item they claimed: what was paid is the giver's (0 here: the unit
 * price, the amount and every money figure built on them), there is no refund (the right ended
 * with the claim) and no redemption of the giver's order to show. The plan's list price at the
 * time (`originalPrice`) stays: the catalogue showed it to anyone.
 */
export function asHolderView(item: OrderItem, received: ReceivedFrom): OrderItem {
  return {
    ...item,
    price: 0,
    amount: 0,
    // A sale the giver bought in is the giver's price, not something the recipient paid.
    saleDiscount: 0,
    paidWithCreditCents: 0,
    taxCents: 0,
    checkoutCents: 0,
    paidCents: 0,
    planChanges: [],
    savedCents: 0,
    refundMoney: null,
    refundWindowDays: 0,
    refundableUntil: null,
    receivedFrom: received,
  };
}
