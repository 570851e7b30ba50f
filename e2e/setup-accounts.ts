// Run by playwright.config.ts's webServer command before the server starts (the embedded
// database admits one process at a time): an approved seller with one member and a live session,
// whose token the seller-area spec reads from e2e-seller.json (decision 014), and an admin with a
// live session in e2e-admin.json (decision 015); a mail that failed for good, whose address the
// outbox page's spec reads from e2e-mail.json (decision 029); and a shopper with a live session
// and the unsubscribe token of one notification mail in e2e-notifications.json (decision 029: the
// spec opens that mail's link). The files are in the run's folder, `e2eTmpDir` (e2e/ports.ts:
// `.tmp`, or `.tmp/port-<base>` with E2E_PORT_BASE). Test-only accounts with no password and
// test-only mail, never part of the demo seed.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createDatabase,
  mailOutbox,
  sandboxConnectAccounts,
  sellerMembers,
  sellerPayoutAccounts,
  sellerPayouts,
  sellers,
  users,
} from '@everdeal/db';
import { notificationParts } from '../apps/server/src/modules/mail';
import { createSession } from '../apps/server/src/modules/users/sessions';
import { e2eDataDir, e2eTmpDir } from './ports';

const dataDir = process.env.DATA_DIR ?? e2eDataDir;
mkdirSync(dataDir, { recursive: true });
const database = await createDatabase({ dataDir });
try {
  await database.migrate();
  const suffix = randomBytes(4).toString('hex');
  const [user] = await database.db
    .insert(users)
    .values({ email: `e2e-seller-${suffix}@example.com`, firstName: 'Sam', lastName: 'Seller' })
    .returning({ id: users.id });
  const [seller] = await database.db
    .insert(sellers)
    .values({ slug: `e2e-seller-${suffix}`, name: 'E2E Labs', bio: 'A seller of the end-to-end tests.' })
    .returning({ id: sellers.id });
  if (!user || !seller) throw new Error('the e2e seller was not created');
  await database.db.insert(sellerMembers).values({ sellerId: seller.id, userId: user.id });
  const token = await createSession(database.db, user.id, new Date());
  writeFileSync(join(e2eTmpDir, 'e2e-seller.json'), JSON.stringify({ token }));

  const [admin] = await database.db
    .insert(users)
    .values({ email: `e2e-admin-${suffix}@example.com`, firstName: 'Ada', lastName: 'Admin', role: 'admin' })
    .returning({ id: users.id });
  if (!admin) throw new Error('the e2e admin was not created');
  const adminToken = await createSession(database.db, admin.id, new Date());
  writeFileSync(join(e2eTmpDir, 'e2e-admin.json'), JSON.stringify({ token: adminToken }));

  // The state the outbox leaves a mail in after its last refused attempt (mail/outbox.ts).
  const failedTo = `e2e-failed-${suffix}@example.com`;
  const queuedAt = new Date(Date.now() - 18 * 60 * 60_000);
  await database.db.insert(mailOutbox).values({
    key: `e2e-failed:${suffix}`,
    kind: 'receipt',
    toAddress: failedTo,
    subject: 'Your Everdeal receipt',
    message: { to: failedTo, subject: 'Your Everdeal receipt', text: 'Thank you.', html: '<p>Thank you.</p>' },
    status: 'failed',
    attempts: 12,
    lastError: 'Invalid greeting. response=421 4.3.2 Service not available, closing transmission channel',
    nextAttemptAt: new Date(),
    createdAt: queuedAt,
  });
  writeFileSync(join(e2eTmpDir, 'e2e-mail.json'), JSON.stringify({ failedTo }));

  const [shopper] = await database.db
    .insert(users)
    .values({ email: `e2e-notify-${suffix}@example.com`, firstName: 'Nora', lastName: 'Notify' })
    .returning({ id: users.id });
  if (!shopper) throw new Error('the e2e notifications shopper was not created');
  const parts = await notificationParts(
    database.db,
    { userId: shopper.id, topic: 'wishlistAlerts' },
    { publicUrl: 'http://127.0.0.1', supportEmail: 'support@example.com' },
  );
  if (!parts) throw new Error('wishlist alerts are on by default');
  // The footer link's path and query, as a reader opens it from the mail.
  const link = new URL(parts.unsubscribe.url);
  writeFileSync(
    join(e2eTmpDir, 'e2e-notifications.json'),
    JSON.stringify({
      token: await createSession(database.db, shopper.id, new Date()),
      unsubscribeLink: `${link.pathname}${link.search}`,
    }),
  );

  // A seller whose sandbox payout account is ready and who has two monthly transfers behind them,
  // one paid and one carried over (decision 036), for the payouts pages' spec; the rows are what
  // the seller-payouts job writes, made here because the job pays only the previous month.
  const [payoutUser] = await database.db
    .insert(users)
    .values({ email: `e2e-payouts-${suffix}@example.com`, firstName: 'Pat', lastName: 'Payee' })
    .returning({ id: users.id });
  const [payoutSeller] = await database.db
    .insert(sellers)
    .values({ slug: `e2e-payouts-${suffix}`, name: 'E2E Payees', bio: 'A seller paid by the end-to-end tests.' })
    .returning({ id: sellers.id });
  if (!payoutUser || !payoutSeller) throw new Error('the e2e payouts seller was not created');
  await database.db.insert(sellerMembers).values({ sellerId: payoutSeller.id, userId: payoutUser.id });
  const now = new Date();
  const accountRef = `acct_sandbox_e2e${suffix}`;
  await database.db.insert(sandboxConnectAccounts).values({
    id: accountRef,
    idempotencyKey: `everdeal:payout-account:${payoutSeller.id}`,
    payoutsEnabled: true,
    createdAt: now,
  });
  await database.db.insert(sellerPayoutAccounts).values({
    sellerId: payoutSeller.id,
    provider: 'sandbox',
    accountRef,
    detailsSubmitted: true,
    payoutsEnabled: true,
    createdAt: now,
    updatedAt: now,
  });
  const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1, 0, 5));
  const period = (back: number) =>
    monthStart(back + 1)
      .toISOString()
      .slice(0, 7);
  await database.db.insert(sellerPayouts).values([
    {
      sellerId: payoutSeller.id,
      period: period(1),
      status: 'carried_over',
      amountCents: 3_210,
      currency: 'USD',
      provider: 'sandbox',
      destination: accountRef,
      idempotencyKey: `everdeal:payout:${payoutSeller.id}:${period(1)}:1`,
      createdAt: monthStart(1),
      updatedAt: monthStart(1),
    },
    {
      sellerId: payoutSeller.id,
      period: period(0),
      status: 'paid',
      amountCents: 8_420,
      currency: 'USD',
      provider: 'sandbox',
      destination: accountRef,
      idempotencyKey: `everdeal:payout:${payoutSeller.id}:${period(0)}:1`,
      providerReference: `tr_sandbox_e2e${suffix}`,
      createdAt: monthStart(0),
      updatedAt: monthStart(0),
      paidAt: monthStart(0),
    },
  ]);
  writeFileSync(
    join(e2eTmpDir, 'e2e-payouts.json'),
    JSON.stringify({ token: await createSession(database.db, payoutUser.id, now), name: 'E2E Payees' }),
  );
} finally {
  await database.close();
}
