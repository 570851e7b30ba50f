import { AFFILIATE_COMMISSION_PERCENT, BRAND_NAME, formatMoney } from '@everdeal/contracts';
import { affiliateCommissions, affiliates, type Db, orderItems, users } from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { Mailer, MailMessage } from '../../lib/mailer';

// The affiliate hears of each commission when it is recorded (decision 012): what it is for, how
// much, and that it stays pending until the item's refund window closes. Never the buyer's name
// or address. Sent once the accrual is committed; a failure is logged, the commission stands.

export type CommissionMailDeps = { db: Db; mailer: Mailer; brand: MailBrand; log: Pick<FastifyBaseLogger, 'error'> };

type Earned = {
  email: string;
  firstName: string;
  amountCents: number;
  currency: string;
  productName: string;
  planName: string;
  approvableAt: Date;
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function commissionEarnedMail(earned: Earned, brand: MailBrand): MailMessage {
  const link = `${brand.publicUrl}/affiliate`;
  const amount = formatMoney(earned.amountCents, earned.currency);
  return {
    to: earned.email,
    subject: `You earned a ${amount} commission on ${BRAND_NAME}`,
    link,
    ...renderMail(
      {
        greeting: greetingFor(earned.firstName),
        paragraphs: [
          `Someone bought ${earned.productName} (${earned.planName}) through your link: your ${AFFILIATE_COMMISSION_PERCENT}% commission is ${amount}.`,
          `It is pending until ${dateFormat.format(earned.approvableAt)}, when the buyer's refund window closes; it is then approved for payout. A refund before that date cancels it.`,
        ],
        action: { label: 'Open your affiliate dashboard', url: link },
      },
      brand,
    ),
  };
}

/** Mails the affiliate of each commission just recorded. */
export function sendCommissionMails(deps: CommissionMailDeps, commissionIds: string[]): void {
  if (commissionIds.length === 0) return;
  void (async () => {
    const rows = await deps.db
      .select({
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
    for (const row of rows) deps.mailer.sendInBackground(commissionEarnedMail(row, deps.brand));
  })().catch((error: unknown) => deps.log.error({ err: error }, 'commission mail failed'));
}
