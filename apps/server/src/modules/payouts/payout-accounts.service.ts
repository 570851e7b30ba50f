import {
  AppError,
  PAYOUT_ONBOARDING_PARAM,
  type PayoutAccount,
  PayoutMessage,
  SELLER_PAYOUTS_PATH,
} from '@everdeal/contracts';
import { sellerPayoutAccounts } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { ProviderUnavailableError } from '../payments';
import { getMySellers, requireMembership } from '../sellers';
import { payoutAccountKey } from './payout-period';
import type { PayoutsDeps } from './payouts-deps';

// The seller's connected payout account (decision 036): created once per seller at the
// provider, onboarded there, and its state kept as the provider reports it.

type AccountRow = typeof sellerPayoutAccounts.$inferSelect;

/** The seller the call names, or the caller's first (the seller area's default); 404 for anyone else's. */
export async function resolveSeller(deps: PayoutsDeps, userId: string, sellerId: number | undefined) {
  if (sellerId !== undefined) {
    await requireMembership(deps.db, userId, sellerId);
    return sellerId;
  }
  const [first] = (await getMySellers(deps, userId)).sellers;
  // The route table's `seller` role already refused a user of no seller.
  if (!first) throw AppError.forbidden();
  return first.id;
}

export function accountView(row: AccountRow | undefined): PayoutAccount {
  if (!row) {
    return { status: 'not_connected', provider: null, detailsSubmitted: false, payoutsEnabled: false, updatedAt: null };
  }
  return {
    status: row.payoutsEnabled ? 'ready' : 'pending',
    provider: row.provider,
    detailsSubmitted: row.detailsSubmitted,
    payoutsEnabled: row.payoutsEnabled,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findAccount(deps: Pick<PayoutsDeps, 'db'>, sellerId: number) {
  const [row] = await deps.db.select().from(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.sellerId, sellerId));
  return row;
}

async function callProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw AppError.unavailable(PayoutMessage.providerUnavailable);
    throw error;
  }
}

/**
 * `seller/startPayoutOnboarding`: the seller's account is created once (the provider's key is the
 * seller's, so two clicks at once make one account; the first insert keeps its row), then a
 * fresh onboarding link that returns to the payouts page.
 */
export async function startPayoutOnboarding(
  deps: PayoutsDeps,
  user: { id: string; email: string },
  input: { sellerId?: number | undefined },
): Promise<{ url: string }> {
  const sellerId = await resolveSeller(deps, user.id, input.sellerId);
  const provider = deps.payoutProvider;
  let account = await findAccount(deps, sellerId);
  if (!account || account.provider !== provider.name) {
    // An account at another provider (PAYMENT_PROVIDER changed) cannot be paid by this one.
    const { accountRef } = await callProvider(() =>
      provider.createAccount({ key: payoutAccountKey(sellerId), sellerId, email: user.email }),
    );
    const at = deps.now();
    if (account) {
      await deps.db
        .update(sellerPayoutAccounts)
        .set({ provider: provider.name, accountRef, detailsSubmitted: false, payoutsEnabled: false, updatedAt: at })
        .where(eq(sellerPayoutAccounts.sellerId, sellerId));
    } else {
      // No conflict target: two clicks at once got the same account (the key) and both insert
      // it; the second meets the first on the seller or on the account reference, and keeps it.
      await deps.db
        .insert(sellerPayoutAccounts)
        .values({ sellerId, provider: provider.name, accountRef, createdAt: at, updatedAt: at })
        .onConflictDoNothing();
    }
    account = await findAccount(deps, sellerId);
    if (!account) throw new Error(`no payout account for seller ${sellerId}`);
  }
  const page = `${SELLER_PAYOUTS_PATH}?seller=${sellerId}&${PAYOUT_ONBOARDING_PARAM}=`;
  const accountRef = account.accountRef;
  return callProvider(() =>
    provider.onboardingLink({ accountRef, returnPath: `${page}return`, refreshPath: `${page}refresh` }),
  );
}

/** Asks the provider for the account's state and keeps it; the row as it now is. */
async function refreshRow(deps: PayoutsDeps, row: AccountRow): Promise<AccountRow> {
  const state = await deps.payoutProvider.getAccount(row.accountRef);
  const [updated] = await deps.db
    .update(sellerPayoutAccounts)
    .set({ detailsSubmitted: state.detailsSubmitted, payoutsEnabled: state.payoutsEnabled, updatedAt: deps.now() })
    .where(eq(sellerPayoutAccounts.accountRef, row.accountRef))
    .returning();
  return updated ?? row;
}

/** `seller/refreshPayoutAccount`: the state after onboarding, asked of the provider. */
export async function refreshPayoutAccount(
  deps: PayoutsDeps,
  userId: string,
  input: { sellerId?: number | undefined },
): Promise<{ account: PayoutAccount }> {
  const sellerId = await resolveSeller(deps, userId, input.sellerId);
  const row = await findAccount(deps, sellerId);
  if (!row || row.provider !== deps.payoutProvider.name) return { account: accountView(row) };
  return { account: accountView(await callProvider(() => refreshRow(deps, row))) };
}

/**
 * Stripe's `account.updated` (the webhook): the payload is not trusted, the account is asked
 * for; an account that is not one of ours is ignored. A provider failure throws, so the
 * webhook answers 500 and Stripe delivers the event again.
 */
export async function refreshPayoutAccountByRef(deps: PayoutsDeps, accountRef: string): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(sellerPayoutAccounts)
    .where(eq(sellerPayoutAccounts.accountRef, accountRef));
  if (row && row.provider === deps.payoutProvider.name) await refreshRow(deps, row);
}
