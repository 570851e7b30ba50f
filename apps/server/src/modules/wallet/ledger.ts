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
