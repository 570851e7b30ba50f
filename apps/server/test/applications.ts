import type { SellerApplication } from '@everdeal/contracts';
import { type Db, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createUserWithSession, uniqueEmail } from './accounts';
import { callOk } from './community';

// Seller applications as the tests make them (requirements §13, decision 015): shared by
// applications.test.ts and application-decisions.test.ts.

export const APPLICATION_DESCRIPTION =
  'Meeting notes that write themselves: recordings become summaries and action items.';

export function applicationInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Acme AI',
    website: 'https://acme.example',
    productName: 'Acme Notes',
    email: uniqueEmail('founder'),
    description: APPLICATION_DESCRIPTION,
    ...overrides,
  };
}

/** A signed-in user who may apply, with the e-mail address of the account. */
export async function newApplicant(db: Db) {
  const user = await createUserWithSession(db);
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.userId));
  return { ...user, email: row?.email as string };
}

/** `sellers/apply` as `token`, with the standard input changed by `overrides`. */
export async function applyToSell(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const input = applicationInput(overrides);
  const application = (await callOk<{ application: SellerApplication }>(app, 'sellers/apply', input, token))
    .application;
  return { input, application };
}
