import { randomBytes } from 'node:crypto';
import { type Db, sandboxConnectAccounts, sandboxTransfers } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PayoutProvider } from './payout-provider';

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** Where the sandbox's onboarding links point: a page of this server, so the demo works offline. */
export const SANDBOX_ONBOARDING_PATH = '/sandbox/payouts/onboard';

/**
 * The sandbox's side of payouts (PAYMENT_PROVIDER=sandbox, decision 036), as Stripe Connect
 * behaves for the store: one account per idempotency key, a one-time onboarding link, and one
 * transfer per idempotency key (a unique key: a second call with it answers the first transfer).
 */
export function createSandboxPayouts({ db, now }: { db: Db; now: () => Date }): PayoutProvider {
  return {
    name: 'sandbox',

    async createAccount({ key }) {
      await db
        .insert(sandboxConnectAccounts)
        .values({ id: newId('acct'), idempotencyKey: key, createdAt: now() })
        .onConflictDoNothing({ target: sandboxConnectAccounts.idempotencyKey });
      const [row] = await db
        .select({ id: sandboxConnectAccounts.id })
        .from(sandboxConnectAccounts)
        .where(eq(sandboxConnectAccounts.idempotencyKey, key));
      if (!row) throw new Error(`sandbox: no account for ${key}`);
      return { accountRef: row.id };
    },

    async onboardingLink({ accountRef, returnPath }) {
      const token = randomBytes(18).toString('base64url');
      await db
        .update(sandboxConnectAccounts)
        .set({ linkToken: token, returnPath })
        .where(eq(sandboxConnectAccounts.id, accountRef));
      return { url: `${SANDBOX_ONBOARDING_PATH}/${token}` };
    },

    async getAccount(accountRef) {
      const [row] = await db.select().from(sandboxConnectAccounts).where(eq(sandboxConnectAccounts.id, accountRef));
      return { detailsSubmitted: row?.payoutsEnabled ?? false, payoutsEnabled: row?.payoutsEnabled ?? false };
    },

    async transfer(request) {
      await db
        .insert(sandboxTransfers)
        .values({
          id: newId('tr'),
          idempotencyKey: request.key,
          destination: request.destination,
          amountCents: request.amountCents,
          currency: request.currency,
          description: request.description,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey });
      const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, request.key));
      if (!row) throw new Error(`sandbox: no transfer for ${request.key}`);
      return { status: 'paid', reference: row.id };
    },
  };
}

/**
 * `GET /sandbox/payouts/onboard/:token`: the sandbox's onboarding "form". The link is used once:
 * it enables payouts on its account and sends the seller back to the store's return page, where
 * the page asks for the account's state as it does after Stripe's onboarding.
 */
export function registerSandboxOnboarding(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { token: string } }>(`${SANDBOX_ONBOARDING_PATH}/:token`, async (request, reply) => {
    const [account] = await db
      .update(sandboxConnectAccounts)
      .set({ payoutsEnabled: true, linkToken: null })
      .where(eq(sandboxConnectAccounts.linkToken, request.params.token))
      .returning({ returnPath: sandboxConnectAccounts.returnPath });
    reply.header('cache-control', 'no-store');
    if (!account) return reply.code(404).send({ code: 404, msg: 'This onboarding link has expired', data: null });
    return reply.redirect(account.returnPath ?? '/seller/payouts', 303);
  });
}
