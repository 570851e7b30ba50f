/**
 * Paying with store credit at checkout (decision 030): the balance pays first, the card the rest.
 * The credit is taken in the reservation's transaction (transaction 1 of decision 007), after the
 * buyer's row and the new items, under the wallet's lock (taken last, as every credit movement
 * takes it), and given back by a ledger row when the order is released.
 */
import { AppError, formatMoney, OrderMessage } from '@everdeal/contracts';
import { type OrderRow, orderItems, orders, type Tx } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { returnSpentCredit, spendCredit } from '../wallet';

/**
 * Splits `cents` of credit across items in proportion to their amounts, by the largest remainder
 * (ties to the earlier item), so the shares are whole cents that add up exactly to `cents` and
 * no share exceeds its item's amount. Deterministic: the same order always splits the same way.
 */
export function creditShares(amounts: readonly number[], cents: number): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (cents <= 0 || total <= 0) return amounts.map(() => 0);
  if (cents >= total) return [...amounts];
  // BigInt: cents × amount may pass 2^53 for large orders.
  const exact = amounts.map((amount) => BigInt(cents) * BigInt(amount));
  const shares = exact.map((value) => Number(value / BigInt(total)));
  const left = cents - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % BigInt(total) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder.slice(0, left)) shares[index] = (shares[index] ?? 0) + 1;
  return shares;
}

/**
 * What the card is charged for the order: the total less the part paid with credit, plus the VAT.
 * Credit pays the price only, never the VAT (decision 037), so the tax is always card money.
 */
export function cardCentsOf(order: Pick<OrderRow, 'totalCents' | 'paidWithCreditCents' | 'taxCents'>): number {
  return order.totalCents - order.paidWithCreditCents + order.taxCents;
}

/**
 * Inside transaction 1, after the reservation: spends up to the order's total from the buyer's
 * balance (one `spend:<orderId>` row), records the order's and each item's part, and refuses with
 * 400 (rolling the reservation back) when a rest is left and no card was given. Answers the cents
 * taken and each item's share, in item order.
 */
export async function payWithCredit(
  tx: Tx,
  order: { id: string; userId: string; totalCents: number; taxCents: number; currency: string; hasCard: boolean },
  items: readonly { id: string; amountCents: number }[],
  at: Date,
): Promise<{ cents: number; shares: number[] }> {
  const cents = await spendCredit(
    tx,
    { userId: order.userId, upToCents: order.totalCents, orderId: order.id, note: '' },
    at,
  );
  // The VAT is never paid with credit (decision 037): a taxed order always needs a card.
  if ((cents < order.totalCents || order.taxCents > 0) && !order.hasCard) {
    throw AppError.badRequest(
      OrderMessage.cardNeededForRest(
        formatMoney(cents, order.currency),
        formatMoney(order.totalCents - cents + order.taxCents, order.currency),
      ),
    );
  }
  if (cents === 0) return { cents, shares: items.map(() => 0) };
  const shares = creditShares(
    items.map((item) => item.amountCents),
    cents,
  );
  await tx.update(orders).set({ paidWithCreditCents: cents }).where(eq(orders.id, order.id));
  await tx.execute(sql`
    update ${orderItems} i set paid_with_credit_cents = s.cents
    from json_to_recordset(${JSON.stringify(items.map((item, index) => ({ id: item.id, cents: shares[index] ?? 0 })))}::json)
      as s(id uuid, cents int)
    where i.id = s.id and s.cents > 0`);
  return { cents, shares };
}

/**
 * An order that will not be paid gives its credit back, in the release's transaction (after the
 * order and its items, so the wallet's lock comes last): a `spend-return:<orderId>` row.
 */
export async function returnOrderCredit(
  tx: Tx,
  order: { id: string; userId: string; paidWithCreditCents: number },
  at: Date,
): Promise<void> {
  await returnSpentCredit(
    tx,
    { userId: order.userId, orderId: order.id, cents: order.paidWithCreditCents, note: '' },
    at,
  );
}
