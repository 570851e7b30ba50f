import { AFFILIATE_COMMISSION_PERCENT, BRAND_NAME, formatMoney } from '@everdeal/contracts';
import { affiliateCommissions, affiliates, type Db, orderItems, users } from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { type NotificationParts, notificationParts, type Outbox, queueMail } from '../mail';

// The affiliate hears of each commission when it is recorded (decision 012): what it is for, how
// much, and that it stays pending until the item's refund window closes. Never the buyer's name
// or address. Queued in the outbox in the accrual's transaction (decision 029), keyed by the
// commission, and delivered once it has committed; a notification of the affiliate-activity
// topic, so an affiliate who turned it off gets none.

export type CommissionMailDeps = { outbox: Outbox; brand: MailBrand };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Earned = {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  amountCents: number;
  currency: string;
  productName: string;
  planName: string;
  approvableAt: Date;
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function commissionEarnedMail(
  earned: Omit<Earned, 'id' | 'userId'>,
  brand: MailBrand,
  parts?: NotificationParts,
): MailMessage {
  const link = `${brand.publicUrl}/affiliate`;
  const amount = formatMoney(earned.amountCents, earned.currency);
  return {
    to: earned.email,
    subject: `You earned a ${amount} commission on ${BRAND_NAME}`,
    link,
    ...(parts ? { headers: parts.headers } : {}),
    ...renderMail(
      {
        greeting: greetingFor(earned.firstName),
        paragraphs: [
          `Someone bought ${earned.productName} (${earned.planName}) through your link: your ${AFFILIATE_COMMISSION_PERCENT}% commission is ${amount}.`,
          `It is pending until ${dateFormat.format(earned.approvableAt)}, when the buyer's refund window closes; it is then approved for payout. A refund before that date cancels it.`,
        ],
        action: { label: 'Open your affiliate dashboard', url: link },
        ...(parts ? { unsubscribe: parts.unsubscribe } : {}),
      },
      brand,
    ),
  };
}

/** Queues, in the accrual's transaction, a mail to the affiliate of each commission it recorded; answers the rows' ids. */
export async function queueCommissionMails(
  tx: Tx,
  brand: MailBrand,
  commissionIds: string[],
  at: Date,
): Promise<string[]> {
  if (commissionIds.length === 0) return [];
  const rows = await tx
    .select({
      id: affiliateCommissions.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      amountCents: affiliateCommissions.amountCents,
      currency: affiliateCommissions.currency,
      productName: orderItems.productName,
      planName: orderItems.planName,
      approvableAt: affiliateCommissions.approvableAt,
    })
    .from(affiliateCommissions)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCommissions.affiliateId))
    .innerJoin(users, eq(users.id, affiliates.userId))
    .innerJoin(orderItems, eq(orderItems.id, affiliateCommissions.orderItemId))
    .where(inArray(affiliateCommissions.id, commissionIds));
  const mails = [];
  for (const row of rows) {
    const parts = await notificationParts(tx, { userId: row.userId, topic: 'affiliateActivity' }, brand);
    if (!parts) continue;
    mails.push({
      key: `affiliate-commission:${row.id}`,
      kind: 'affiliate-commission',
      to: row.email,
      userId: row.userId,
      message: commissionEarnedMail(row, brand, parts),
    });
  }
  return queueMail(tx, mails, at);
}
