// Decision 036: a provider that does not answer leaves the transfer pending and the next round
// after its lease asks again with the same key (never a second transfer); a provider that
// refuses leaves it failed, the money in the balance, and a new attempt a day later.
import { sandboxTransfers, sellerPayouts } from '@everdeal/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { onboardInSandbox, payableDeal, payoutDeps, payoutSeller, payoutsOf, sell } from '../../../test/payouts';
import type { PayoutProvider, TransferOutcome, TransferRequest } from '../payments/payout-provider';
import { ProviderUnavailableError } from '../payments/provider';
import { createSandboxPayouts } from '../payments/sandbox-payouts';
import { PAYOUT_LEASE_MS, PAYOUT_RETRY_AFTER_MS } from './payout-period';
import { runPayoutRound } from './transfer-round';

let clock = new Date('2028-01-05T12:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

/** The sandbox, with faults that fire once each: lost after the transfer was made, or a refusal. */
function faultyPayouts() {
  const base = createSandboxPayouts({ db: t.db, now: () => clock });
  const faults: ('lost-after' | 'lost-before' | 'refused')[] = [];
  const calls: TransferRequest[] = [];
  const provider: PayoutProvider = {
    ...base,
    async transfer(request): Promise<TransferOutcome> {
      calls.push(request);
      const fault = faults.shift();
      if (fault === 'lost-before') throw new ProviderUnavailableError('connection reset');
      if (fault === 'refused')
        return { status: 'failed', message: 'Your destination account cannot receive transfers' };
      const outcome = await base.transfer(request);
      if (fault === 'lost-after') throw new ProviderUnavailableError('timed out after the provider answered');
      return outcome;
    },
  };
  return { provider, faults, calls };
}

async function sellerWithBalance(cents: number) {
  const seller = await payoutSeller(t, clock);
  await sell(t, await payableDeal(t, seller, Math.round(cents / 0.7)), clock);
  await onboardInSandbox(t, seller);
  return seller;
}

const rowsOf = (sellerId: number) =>
  t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, sellerId)).orderBy(sellerPayouts.attempt);
const transfersOf = (sellerId: number) =>
  t.db
    .select()
    .from(sandboxTransfers)
    .where(like(sandboxTransfers.idempotencyKey, `everdeal:payout:${sellerId}:%`));

describe('a provider that does not answer', () => {
  it('leaves the transfer pending, waits for its lease, then asks again with the same key: one transfer', async () => {
    clock = new Date('2028-01-05T12:00:00.000Z');
    const seller = await sellerWithBalance(7_000);
    const { provider, faults, calls } = faultyPayouts();
    faults.push('lost-after', 'lost-before');
    clock = new Date('2028-02-01T00:05:00.000Z');
    expect(await runPayoutRound(payoutDeps(t, () => clock, provider))).toMatchObject({ opened: 1, unknown: 1 });
    let [row] = await rowsOf(seller.sellerId);
    expect(row).toMatchObject({ status: 'pending', amountCents: 7_000 });
    // The money counts as paid out while the outcome is unknown: no second transfer can take it.
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(0);
    // The lease holds another round back from calling again at once.
    await runPayoutRound(payoutDeps(t, () => clock, provider));
    expect(calls).toHaveLength(1);
    clock = new Date(clock.getTime() + PAYOUT_LEASE_MS);
    await runPayoutRound(payoutDeps(t, () => clock, provider));
    expect((await rowsOf(seller.sellerId))[0]?.status).toBe('pending');
    clock = new Date(clock.getTime() + PAYOUT_LEASE_MS);
    await runPayoutRound(payoutDeps(t, () => clock, provider));
    [row] = await rowsOf(seller.sellerId);
    expect(row).toMatchObject({ status: 'paid', attempt: 1 });
    expect(new Set(calls.map((call) => call.key))).toEqual(new Set([`everdeal:payout:${seller.sellerId}:2028-01:1`]));
    const transfers = await transfersOf(seller.sellerId);
    expect(transfers.map((transfer) => transfer.amountCents)).toEqual([7_000]);
    expect(row?.providerReference).toBe(transfers[0]?.id);
  });
});

describe('a provider that refuses', () => {
  it('marks the attempt failed, keeps the money in the balance and tries a new key a day later', async () => {
    clock = new Date('2028-01-06T12:00:00.000Z');
    const seller = await sellerWithBalance(7_000);
    const { provider, faults, calls } = faultyPayouts();
    faults.push('refused');
    clock = new Date('2028-02-01T00:05:00.000Z');
    expect(await runPayoutRound(payoutDeps(t, () => clock, provider))).toMatchObject({ failed: 1 });
    expect(await rowsOf(seller.sellerId)).toMatchObject([
      { status: 'failed', attempt: 1, failureMessage: 'Your destination account cannot receive transfers' },
    ]);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(7_000);
    await runPayoutRound(payoutDeps(t, () => clock, provider));
    expect(calls).toHaveLength(1);
    clock = new Date(clock.getTime() + PAYOUT_RETRY_AFTER_MS);
    await runPayoutRound(payoutDeps(t, () => clock, provider));
    expect((await rowsOf(seller.sellerId)).map((row) => [row.attempt, row.status, row.idempotencyKey])).toEqual([
      [1, 'failed', `everdeal:payout:${seller.sellerId}:2028-01:1`],
      [2, 'paid', `everdeal:payout:${seller.sellerId}:2028-01:2`],
    ]);
    expect((await transfersOf(seller.sellerId)).map((transfer) => transfer.amountCents)).toEqual([7_000]);
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(0);
  });
});
