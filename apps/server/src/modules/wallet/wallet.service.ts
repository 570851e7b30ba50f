/**
 * Store credit as its owner and an admin see it (shared requirements "Store credit", decision
 * 030): the balance with its movements a page at a time, and the admin's grant or correction,
 * recorded in the audit log in the transaction that moves the credit.
 */
import { randomUUID } from 'node:crypto';
import {
  AdminMessage,
  AppError,
  type GrantCreditResult,
  WALLET_CURRENCY,
  WALLET_PAGE_SIZE,
  type Wallet,
  type WalletEntry,
} from '@everdeal/contracts';
import { type Db, users, walletEntries } from '@everdeal/db';
import { count, desc, eq } from 'drizzle-orm';
import type { MailBrand } from '../../lib/mail-layout';
import { type AdminActor, recordAdminAction } from '../audit';
import { type Outbox, queueMail } from '../mail';
import { moveCredit, walletBalance } from './ledger';
import { creditGrantedMail } from './wallet.mail';

export type WalletDeps = { db: Db; now: () => Date; outbox: Outbox; brand: MailBrand };

type EntryRow = typeof walletEntries.$inferSelect;

function toWalletEntry(row: EntryRow): WalletEntry {
  return {
    id: row.id,
    amountCents: row.amountCents,
    kind: row.kind,
    note: row.note,
    ...(row.orderId ? { orderId: row.orderId } : {}),
    ...(row.orderItemId ? { orderItemId: row.orderItemId } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** One user's wallet: the balance and one page of movements, newest first. */
export async function getWallet(db: Db, userId: string, page: number): Promise<Wallet> {
  const [balanceCents, rows, [counted]] = await Promise.all([
    walletBalance(db, userId),
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      // The id breaks ties between movements of one instant, so pages never overlap.
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
      .limit(WALLET_PAGE_SIZE)
      .offset((page - 1) * WALLET_PAGE_SIZE),
    db.select({ total: count() }).from(walletEntries).where(eq(walletEntries.userId, userId)),
  ]);
  return { balanceCents, currency: WALLET_CURRENCY, entries: rows.map(toWalletEntry), total: counted?.total ?? 0 };
}

/** `admin/getUserWallet`: the wallet the user sees, for their page in the admin area. */
export async function getUserWalletForAdmin(db: Db, input: { userId: string; page: number }): Promise<Wallet> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user) throw AppError.notFound(AdminMessage.userNotFound);
  return getWallet(db, user.id, input.page);
}

/**
 * `admin/grantCredit`: a positive amount grants credit, a negative one corrects it. The movement
 * and its audit row are one transaction; the ledger's lock makes concurrent corrections of one
 * user wait for each other, so none takes the balance below zero (409, nothing recorded). Every
 * call is its own event: its key is a fresh `admin:<uuid>`, so two grants of the same amount are
 * two grants. A grant mails the shopper through the outbox, queued in the same transaction.
 */
export async function grantCredit(
  deps: WalletDeps,
  actor: AdminActor,
  input: { userId: string; amountCents: number; note: string },
): Promise<GrantCreditResult> {
  const at = deps.now();
  const { result, mailIds } = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!user) throw AppError.notFound(AdminMessage.userNotFound);
    const event = randomUUID();
    const key = `admin:${event}`;
    const moved = await moveCredit(
      tx,
      { userId: user.id, amountCents: input.amountCents, kind: 'admin', key, note: input.note, actorUserId: actor.id },
      at,
    );
    // A fresh key is never recorded before; null here would be a broken ledger, not a retry.
    if (!moved) throw new Error(`credit key ${key} was already used`);
    await recordAdminAction(
      tx,
      actor,
      {
        action: input.amountCents > 0 ? 'user.grantCredit' : 'user.correctCredit',
        targetKind: 'user',
        targetId: user.id,
        subject: 'store credit',
        reason: input.note,
        before: { balanceCents: moved.balanceCents - input.amountCents },
        after: { balanceCents: moved.balanceCents },
      },
      at,
    );
    const [entry] = await tx.select().from(walletEntries).where(eq(walletEntries.key, key));
    if (!entry) throw new Error(`credit key ${key} moved no row`);
    const mail =
      input.amountCents > 0
        ? creditGrantedMail(
            user,
            { amountCents: input.amountCents, balanceCents: moved.balanceCents, note: entry.note },
            deps.brand,
          )
        : null;
    const ids = mail
      ? await queueMail(
          tx,
          [{ key: `credit-granted:${event}`, kind: 'credit-granted', to: user.email, userId: user.id, message: mail }],
          at,
        )
      : [];
    return { result: { balanceCents: moved.balanceCents, entry: toWalletEntry(entry) }, mailIds: ids };
  });
  deps.outbox.deliver(mailIds);
  return result;
}
