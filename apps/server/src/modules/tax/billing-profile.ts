import { type BillingProfile, type BillingProfileChange, isEuCountry, isValidVatId } from '@everdeal/contracts';
import { billingProfiles, type Db, type Tx } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { BillingFacts } from './tax-rule';

/** What the billing calls need, built once in app.ts. */
export type TaxDeps = { db: Db; now: () => Date };

type ProfileRow = typeof billingProfiles.$inferSelect;

const viewOf = (row: ProfileRow): BillingProfile => ({
  name: row.name,
  companyName: row.companyName,
  vatId: row.vatId,
  country: row.country,
  addressLine: row.addressLine,
  city: row.city,
  postalCode: row.postalCode,
  reverseCharge: row.vatId !== null && isEuCountry(row.country) && isValidVatId(row.vatId, row.country),
  updatedAt: row.updatedAt.toISOString(),
});

/** `users/getBillingProfile`: the caller's profile, or null before one is saved. */
export async function getBillingProfile(deps: TaxDeps, userId: string): Promise<{ profile: BillingProfile | null }> {
  const [row] = await deps.db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return { profile: row ? viewOf(row) : null };
}

/**
 * `users/updateBillingProfile`: the whole profile, replacing the previous one (one upsert). The
 * contracts' schema has already checked the country and the VAT id against it, so what is stored
 * is valid; an order made later copies it as it is then.
 */
export async function updateBillingProfile(
  deps: TaxDeps,
  userId: string,
  change: BillingProfileChange,
): Promise<{ profile: BillingProfile }> {
  const values = { ...change, updatedAt: deps.now() };
  const [row] = await deps.db
    .insert(billingProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: values })
    .returning();
  if (!row) throw new Error('the billing profile upsert returned no row');
  return { profile: viewOf(row) };
}

/** The profile as an order keeps it (`orders.billing_details`, for the invoice), and the facts the tax rule reads. */
export type BillingSnapshot = {
  details: Omit<BillingProfile, 'updatedAt' | 'reverseCharge'> | null;
  facts: BillingFacts;
};

/** Reads the buyer's billing profile inside a transaction (checkout's reservation, decision 037). */
export async function readBillingSnapshot(db: Db | Tx, userId: string): Promise<BillingSnapshot> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  if (!row) return { details: null, facts: null };
  const { userId: _user, updatedAt: _at, ...details } = row;
  return { details, facts: { country: row.country, vatId: row.vatId } };
}
