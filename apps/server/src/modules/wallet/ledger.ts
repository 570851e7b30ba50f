/**
 * Store credit's ledger (decision 030): every movement is a row; the balance is their sum. A
 * movement runs in its caller's transaction, after a per-user advisory lock, so two movements of
 * one user (two checkouts spending one balance, a refund to credit racing a spend) are serialized
 * and the balance read under the lock is the balance the debit is checked against.
 */
import { AppError, WalletMessage } from '@everdeal/contracts';
import { type Db, type Tx, walletEntries, type walletEntryKind } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';

export type WalletEntryKind = (typeof walletEntryKind.enumValues)[number];

export type CreditMovement = {
  userId: string;
  /** Signed integer cents: positive adds credit, negative takes it. Never zero. */
  amountCents: number;
  kind: WalletEntryKind;
  /** The event that moved the credit, unique: `protection:<itemId>`, `spend:<orderId>`, … */
  key: string;
  note?: string;
  orderId?: string | null;
  orderItemId?: string | null;
  actorUserId?: string | null;
};

export const NOT_ENOUGH_CREDIT = WalletMessage.notEnoughCredit;

/** The user's balance in cents: the sum of the ledger. */
export async function walletBalance(executor: Db | Tx, userId: string): Promise<number> {
  const [row] = await executor
    .select({ balance: sql<number>`coalesce(sum(${walletEntries.amountCents}), 0)::int` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return row?.balance ?? 0;
}

/** Serializes the credit movements of one user until the transaction ends. */
async function lockWallet(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`wallet:${userId}`}, 0))`);
}

/**
 * Records one movement in `tx`. Answers the new balance, or `null` when the movement's key was
 * recorded before (the event already moved credit: nothing happens twice). A debit larger than the
 * balance throws 409 "Not enough store credit" and records nothing.
 */
export async function moveCredit(tx: Tx, movement: CreditMovement, at: Date): Promise<{ balanceCents: number } | null> {
  if (!Number.isInteger(movement.amountCents) || movement.amountCents === 0) {
    throw new Error(`a credit movement is a non-zero integer of cents, not ${movement.amountCents}`);
  }
  await lockWallet(tx, movement.userId);
  const balance = await walletBalance(tx, movement.userId);
  if (balance + movement.amountCents < 0) throw AppError.conflict(NOT_ENOUGH_CREDIT);
  const inserted = await tx
    .insert(walletEntries)
    .values({
      userId: movement.userId,
      amountCents: movement.amountCents,
      kind: movement.kind,
      key: movement.key,
      note: movement.note ?? '',
      orderId: movement.orderId ?? null,
      orderItemId: movement.orderItemId ?? null,
      actorUserId: movement.actorUserId ?? null,
      createdAt: at,
    })
    .onConflictDoNothing({ target: walletEntries.key })
    .returning({ id: walletEntries.id });
  return inserted.length > 0 ? { balanceCents: balance + movement.amountCents } : null;
}

/**
 * Checkout's spend (decision 030): up to `upToCents` of the user's balance, as one `spend`
 * movement keyed by the order, in `tx` and under the same lock as every other movement, so two
 * checkouts, a refund or an admin correction racing it see each other's rows. Answers the cents
 * spent: the whole balance when it is smaller, 0 when there is none (no row is written).
 */
export async function spendCredit(
  tx: Tx,
  spend: { userId: string; upToCents: number; orderId: string; note: string },
  at: Date,
): Promise<number> {
  await lockWallet(tx, spend.userId);
  const cents = Math.min(await walletBalance(tx, spend.userId), spend.upToCents);
  if (cents <= 0) return 0;
  await tx.insert(walletEntries).values({
    userId: spend.userId,
    amountCents: -cents,
    kind: 'spend',
    key: spendKey(spend.orderId),
    note: spend.note,
    orderId: spend.orderId,
    createdAt: at,
  });
  return cents;
}

/** The ledger key of an order's spend, and of its return when the order is not paid. */
export const spendKey = (orderId: string) => `spend:${orderId}`;
export const spendReturnKey = (orderId: string) => `spend-return:${orderId}`;

/**
 * An order that will not be paid gives its spend back (decision 030): a new `spend` row of the
 * opposite sign, never an update, keyed by the order so a second release returns nothing more.
 */
export async function returnSpentCredit(
  tx: Tx,
  order: { userId: string; orderId: string; cents: number; note: string },
  at: Date,
): Promise<void> {
  if (order.cents <= 0) return;
  await moveCredit(
    tx,
    {
      userId: order.userId,
      amountCents: order.cents,
      kind: 'spend',
      key: spendReturnKey(order.orderId),
      note: order.note,
      orderId: order.orderId,
    },
    at,
  );
}
