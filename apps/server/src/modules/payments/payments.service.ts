import {
  type AddPaymentMethodInput,
  AppError,
  MAX_SAVED_PAYMENT_METHODS,
  type PaymentConfig,
  PaymentMessage,
  type PaymentMethod,
  type PaymentMethodList,
} from '@everdeal/contracts';
import { type Db, type PaymentMethodRow, paymentCustomers, paymentMethods, type UserRow, users } from '@everdeal/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CardRefusedError, type PaymentProvider, ProviderUnavailableError } from './provider';

export type PaymentsDeps = {
  db: Db;
  now: () => Date;
  provider: PaymentProvider;
  /** Stripe.js's publishable key; null with the sandbox. */
  publishableKey: string | null;
  /** Where the browser loads Stripe.js (STRIPE_JS_URL); null with the sandbox. */
  stripeJsUrl: string | null;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Maps a provider failure to the API: a refused card is the form's 422, an outage a 503. */
export function rethrowProviderError(error: unknown): never {
  if (error instanceof CardRefusedError) throw AppError.validation(error.message);
  if (error instanceof ProviderUnavailableError) {
    throw new AppError(503, PaymentMessage.providerUnavailable, { cause: error });
  }
  throw error;
}

/**
 * Serialises one user's payment-method writes (default flag, count) on their user row. `no key
 * update` does not block inserts elsewhere that only reference the user (cart lines, sessions).
 */
async function lockUser(tx: Tx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** `payments/getPaymentConfig`: what the card form needs. */
export function getPaymentConfig({ provider, publishableKey, stripeJsUrl }: PaymentsDeps): PaymentConfig {
  return { provider: provider.name, publishableKey, stripeJsUrl };
}

async function findCustomerRef(deps: PaymentsDeps, userId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ ref: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, deps.provider.name)))
    .limit(1);
  return row?.ref ?? null;
}

/**
 * `payments/addPaymentMethod`: vaults the card with the provider, then keeps its token and
 * display fields. The user's first card becomes the default. The card number never reaches the
 * database or a log: the sandbox keeps brand, last four and expiry, Stripe gets no number at all.
 */
export async function addPaymentMethod(
  deps: PaymentsDeps,
  user: UserRow,
  input: AddPaymentMethodInput,
): Promise<PaymentMethod> {
  const customerRef = await findCustomerRef(deps, user.id);
  const owner = { userId: user.id, email: user.email, customerRef };
  const card = await deps.provider.saveCard(owner, input).catch(rethrowProviderError);
  const saved = await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if (card.customerRef && card.customerRef !== customerRef) {
      await tx
        .insert(paymentCustomers)
        .values({ userId: user.id, provider: deps.provider.name, providerCustomerId: card.customerRef })
        .onConflictDoNothing();
    }
    // Stripe answers the same PaymentMethod when the form sends it twice: it is saved once.
    const [known] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.provider, deps.provider.name), eq(paymentMethods.providerToken, card.token)));
    if (known) return known.userId === user.id ? { kind: 'saved' as const, row: known } : { kind: 'foreign' as const };
    const [counts] = await tx
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        defaults: sql<number>`count(*) filter (where ${paymentMethods.isDefault})`.mapWith(Number),
      })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.provider, deps.provider.name)));
    if ((counts?.total ?? 0) >= MAX_SAVED_PAYMENT_METHODS) return { kind: 'tooMany' as const };
    const [row] = await tx
      .insert(paymentMethods)
      .values({
        userId: user.id,
        provider: deps.provider.name,
        providerToken: card.token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: (counts?.defaults ?? 0) === 0,
        createdAt: deps.now(),
      })
      .returning();
    if (!row) throw new Error('insert into payment_methods returned no row');
    return { kind: 'saved' as const, row };
  });
  // Someone else's card (a provider would not have attached it): nothing of theirs is touched.
  if (saved.kind === 'foreign') throw AppError.validation(PaymentMessage.paymentMethodUnusable);
  if (saved.kind === 'tooMany') {
    await deps.provider.forgetCard(owner, card.token).catch(rethrowProviderError);
    throw AppError.validation(PaymentMessage.tooManyPaymentMethods(MAX_SAVED_PAYMENT_METHODS));
  }
  return toPaymentMethod(saved.row);
}

/** `payments/getPaymentMethods`: the caller's cards with the current provider, the default first. */
export async function getPaymentMethods({ db, provider }: PaymentsDeps, userId: string): Promise<PaymentMethodList> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider.name)))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id));
  return { paymentMethods: rows.map(toPaymentMethod) };
}

/** One of the caller's cards with the current provider; 404 for anyone else's, so ids reveal nothing. */
export async function requirePaymentMethod(
  { db, provider }: Pick<PaymentsDeps, 'db' | 'provider'>,
  userId: string,
  id: string,
): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider.name)),
    )
    .limit(1);
  if (!row) throw AppError.notFound(PaymentMessage.paymentMethodNotFound);
  return row;
}

/** Makes the newest card the default when the user has cards but none is the default. */
async function promoteNewestIfNoDefault(tx: Tx, userId: string, providerName: PaymentMethodRow['provider']) {
  await tx.execute(sql`
    update ${paymentMethods} set is_default = true
    where id = (
      select id from ${paymentMethods}
      where user_id = ${userId} and provider = ${providerName}
      order by created_at desc, id desc limit 1
    )
    and not exists (
      select 1 from ${paymentMethods} where user_id = ${userId} and provider = ${providerName} and is_default
    )`);
}

/**
 * `payments/removePaymentMethod`: forgets the card at the provider, then here. Orders keep what
 * they need (token, brand, last four) on their own row. When the default goes, the newest other
 * card becomes the default.
 */
export async function removePaymentMethod(deps: PaymentsDeps, user: UserRow, id: string): Promise<null> {
  const row = await requirePaymentMethod(deps, user.id, id);
  const owner = { userId: user.id, email: user.email, customerRef: await findCustomerRef(deps, user.id) };
  await deps.provider.forgetCard(owner, row.providerToken).catch(rethrowProviderError);
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, user.id)));
    await promoteNewestIfNoDefault(tx, user.id, row.provider);
  });
  return null;
}

/** `payments/setDefaultPaymentMethod`. */
export async function setDefaultPaymentMethod(deps: PaymentsDeps, userId: string, id: string): Promise<PaymentMethod> {
  const row = await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [target] = await tx
      .select({ provider: paymentMethods.provider })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.id, id),
          eq(paymentMethods.userId, userId),
          eq(paymentMethods.provider, deps.provider.name),
        ),
      );
    if (!target) return undefined;
    // Two statements, so the one-default index never sees two defaults at once.
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(
        and(
          eq(paymentMethods.userId, userId),
          eq(paymentMethods.provider, target.provider),
          eq(paymentMethods.isDefault, true),
        ),
      );
    const [updated] = await tx
      .update(paymentMethods)
      .set({ isDefault: true })
      .where(eq(paymentMethods.id, id))
      .returning();
    return updated;
  });
  if (!row) throw AppError.notFound(PaymentMessage.paymentMethodNotFound);
  return toPaymentMethod(row);
}
