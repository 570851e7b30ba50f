/**
 * The floor of `npm run bench:checkout` (bench/checkout.ts): bare Fastify answering
 * `orders/checkout` with the app's own SQL and nothing else.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { REBUY_BLOCK_HOURS } from '@everdeal/contracts';
import { billingProfiles } from '@everdeal/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import postgres from 'postgres';
import { cartCouponQuery } from '../src/modules/coupons/coupons.service';
import { claimQueuedStatement, DELIVERY_LEASE_MS, recordOutcomeStatement } from '../src/modules/mail/outbox';
import { checkoutStatements, hashCheckoutRequest } from '../src/modules/orders/checkout.sql';
import { termsAtPayment } from '../src/modules/orders/item-terms';
import { PENDING_LEASE_MS } from '../src/modules/orders/reserve';
import { lockCheckoutUserStatement, reserveOrderStatement } from '../src/modules/orders/reserve.sql';
import { settleStatement } from '../src/modules/orders/settle.sql';
import { scheduleStatements } from '../src/modules/sales/sale-schedule';
import { prepared, sessionColumnIndex } from './floor-statements';

/** The invoice's seller the settlement writes (decision 038), as the app's demo default. */
const BENCH_SELLER = JSON.stringify({ name: 'Everdeal', address: 'Bench Street 1', vatId: null });

import { paidCardStatements } from '../src/modules/payments/card-after-payment';
import { paymentIdempotencyKey } from '../src/modules/payments/provider';
import { sandboxStatements } from '../src/modules/payments/sandbox-provider';
import { hashToken, sessionLookup } from '../src/modules/users/sessions';
import { readBearerToken } from '../src/plugins/auth';

const P = sql.placeholder;

/** A raw statement of the app rendered with placeholders; `bind` fills them. */
function rendered(statement: SQL, dialect: PgDialect) {
  return prepared({ getQuery: () => dialect.sqlToQuery(statement) });
}

/**
 * The floor: Fastify with no plugins, no validation, no envelope and no query builder at run
 * time. Its handler sends, in the app's order and transactions, the app's own prepared
 * statements and raw statements (rendered once with placeholders), checks and sums in plain
 * code, and answers the order built from what it holds. The receipt the settlement queued is
 * claimed and recorded sent in the background, as the outbox does (modules/mail/outbox.ts), but
 * never rendered nor handed to SMTP.
 */
export async function buildFloor(databaseUrl: string, poolSize: number, captured: string[] | null) {
  const client = postgres(databaseUrl, { max: poolSize, onnotice: () => {} });
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { schema } = await import('@everdeal/db');
  // Only to render the SQL texts once; it never runs a query.
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const dialect = new PgDialect({ casing: 'snake_case' });
  const checkoutSql = checkoutStatements(db);
  const sandboxSql = sandboxStatements(db);
  const statements = {
    session: prepared(sessionLookup(db)),
    lines: prepared(checkoutSql.lines),
    orderByKey: prepared(checkoutSql.orderByKey),
    paymentMethod: prepared(checkoutSql.paymentMethod),
    recentlyRefunded: prepared(checkoutSql.recentlyRefunded),
    // The buyer's billing profile, which decides the VAT (decision 037; tax/billing-profile.ts).
    billingProfile: (() => {
      const query = db
        .select()
        .from(billingProfiles)
        .where(eq(billingProfiles.userId, sql.placeholder('userId')));
      return prepared({ getQuery: () => query.toSQL() });
    })(),
    // The cart's coupon with the buyer's uses of it (decision 040; coupons/coupons.service.ts).
    cartCoupon: (() => {
      const query = cartCouponQuery(db, sql.placeholder('userId'));
      return prepared({ getQuery: () => query.toSQL() });
    })(),
    // The sale at this moment (decision 042; sales/sale-schedule.ts); the bench runs none.
    saleSchedule: prepared(scheduleStatements(db).firstNotOver),
    lockUser: rendered(lockCheckoutUserStatement(P('userId')), dialect),
    reserve: rendered(
      reserveOrderStatement({
        orderId: P('orderId'),
        userId: P('userId'),
        key: P('key'),
        requestHash: P('requestHash'),
        currency: P('currency'),
        total: P('total'),
        originalTotal: P('originalTotal'),
        provider: P('provider'),
        paymentMethodId: P('paymentMethodId'),
        paymentToken: P('paymentToken'),
        customerRef: P('customerRef'),
        cardBrand: P('cardBrand'),
        cardLast4: P('cardLast4'),
        nextCheckAt: P('nextCheckAt'),
        at: P('at'),
        items: P('items'),
      }),
      dialect,
    ),
    card: prepared(sandboxSql.card),
    charge: prepared(sandboxSql.record),
    settle: rendered(settleStatement(P('orderId'), P('reference'), P('at'), P('terms'), P('seller')), dialect),
    paidCardIsDefault: prepared(paidCardStatements(db).isDefault),
    claimQueuedMail: rendered(claimQueuedStatement(P('ids'), P('now'), P('limit'), P('lockedUntil')), dialect),
    recordMailOutcome: rendered(
      recordOutcomeStatement({
        id: P('id'),
        attempts: P('attempts'),
        status: P('status'),
        subject: P('subject'),
        sentAt: P('sentAt'),
        finished: P('finished'),
        lastError: P('lastError'),
        nextAttemptAt: P('nextAttemptAt'),
      }),
      dialect,
    ),
  };

  type Runner = typeof client | postgres.TransactionSql;
  const run = (
    runner: Runner,
    statement: { text: string; bind(values: Record<string, unknown>): unknown[] },
    values: Record<string, unknown>,
  ) => {
    captured?.push(statement.text);
    return runner.unsafe(statement.text, statement.bind(values) as never[], { prepare: true });
  };
  const time = (value: unknown) => new Date(value as string).getTime();

  const col = sessionColumnIndex();
  async function authenticate(request: FastifyRequest): Promise<string | null> {
    const token = readBearerToken(request);
    if (!token) return null;
    const [row] = await run(client, statements.session, { tokenHash: hashToken(token) }).values();
    if (!row || row[col.revokedAt] !== null || time(row[col.expiresAt]) <= Date.now()) return null;
    return row[col.status] === 'active' ? (row[col.userId] as string) : null;
  }

  /** The outbox's delivery of freshly queued rows, without the mail: claim, then record as sent. */
  async function deliverMail(ids: string[]) {
    if (ids.length === 0) return;
    const now = new Date();
    const claimed = await run(client, statements.claimQueuedMail, {
      ids,
      now: now.toISOString(),
      limit: ids.length,
      lockedUntil: new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString(),
    });
    await Promise.all(
      claimed.map((row) =>
        run(client, statements.recordMailOutcome, {
          id: row.id,
          attempts: row.attempts,
          status: 'sent',
          subject: 'Your receipt',
          sentAt: new Date().toISOString(),
          finished: true,
          lastError: null,
          nextAttemptAt: null,
        }),
      ),
    );
  }

  const refuse = (reply: FastifyReply, status: number) => reply.code(status).send({ status });
  const server = Fastify({ logger: false });
  server.post('/api/orders/checkout', async (request, reply) => {
    const userId = await authenticate(request);
    if (!userId) return refuse(reply, 401);
    const { paymentMethodId, idempotencyKey } = request.body as { paymentMethodId: string; idempotencyKey: string };
    const now = new Date();
    // The app's seven reads, side by side: the order of this key, the cart, the card, the products
    // refunded in the last 24 hours (requirements §11: no rebuy), the billing profile, the
    // cart's coupon and the sale at this moment.
    const since = new Date(now.getTime() - REBUY_BLOCK_HOURS * 60 * 60_000).toISOString();
    // The bench's buyers have no billing profile and no coupon, and no sale runs: no VAT and no
    // discount, as in the app.
    const [existing, rows, [method], refunded] = await Promise.all([
      run(client, statements.orderByKey, { userId, key: idempotencyKey }),
      run(client, statements.lines, { userId }).values(),
      run(client, statements.paymentMethod, { id: paymentMethodId, userId, provider: 'sandbox' }).values(),
      run(client, statements.recentlyRefunded, { userId, since }).values(),
      // The coupon's prepared statement and the sale read go out before the billing profile's,
      // whose function awaits before it sends.
      run(client, statements.cartCoupon, { userId }),
      run(client, statements.saleSchedule, { at: now.toISOString() }),
      run(client, statements.billingProfile, { userId }),
    ]);
    if (existing.length > 0) return refuse(reply, 409);
    if (!method) return refuse(reply, 404);
    if (rows.length === 0) return refuse(reply, 400);
    // In the order of the fields of the app's checkout-lines select.
    const lines = rows.map((r) => ({
      productId: r[0] as number,
      planId: r[1] as number,
      quantity: r[2] as number,
      productName: r[3] as string,
      productSlug: r[4] as string,
      productLogoUrl: r[5] as string,
      redemptionUrl: r[6] as string | null,
      dealStatus: r[7] as string,
      endsAt: r[8] as string | null,
      refundWindowDays: r[9] as number,
      planName: r[10] as string,
      planKind: r[11] as string,
      billingInterval: r[12] as 'month' | 'year' | null,
      priceCents: r[13] as number,
      originalPriceCents: r[14] as number,
      currency: r[15] as string,
    }));
    for (const line of lines) {
      if (line.dealStatus !== 'live' || (line.endsAt !== null && time(line.endsAt) <= now.getTime())) {
        return refuse(reply, 409);
      }
      if (line.currency !== 'USD') return refuse(reply, 409);
      if (refunded.some((row) => row[0] === line.productId)) return refuse(reply, 409);
    }
    const [methodId, token, brand, last4, customerRef] = method as [string, string, string, string, string | null];
    const at = now.toISOString();
    const orderId = randomUUID();
    const total = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const originalTotal = lines.reduce((sum, line) => sum + line.originalPriceCents * line.quantity, 0);
    const items = lines.map((line, position) => ({
      id: randomUUID(),
      position,
      product_id: line.productId,
      plan_id: line.planId,
      product_name: line.productName,
      plan_name: line.planName,
      plan_kind: line.planKind,
      billing_interval: line.billingInterval,
      quantity: line.quantity,
      unit_price_cents: line.priceCents,
      unit_original_price_cents: line.originalPriceCents,
      currency: line.currency,
      refund_window_days: line.refundWindowDays,
    }));
    const made = await client.begin(async (tx) => {
      await run(tx, statements.lockUser, { userId });
      const reserved = await run(tx, statements.reserve, {
        orderId,
        userId,
        key: idempotencyKey,
        requestHash: hashCheckoutRequest(paymentMethodId, lines),
        currency: 'USD',
        total,
        originalTotal,
        provider: 'sandbox',
        paymentMethodId: methodId,
        paymentToken: token,
        customerRef,
        cardBrand: brand,
        cardLast4: last4,
        nextCheckAt: new Date(now.getTime() + PENDING_LEASE_MS).toISOString(),
        at,
        items: JSON.stringify(items),
      });
      if (reserved.length === 0) return false;
      if (reserved.some((row) => Number(row.reserved) < Number(row.quantity))) throw new Error('sold out');
      return true;
    });
    if (!made) return refuse(reply, 409);
    const [card] = await run(client, statements.card, { token });
    if (!card) return refuse(reply, 402);
    const [charge] = await run(client, statements.charge, {
      id: `ch_sandbox_${randomBytes(12).toString('hex')}`,
      kind: 'charge',
      idempotencyKey: paymentIdempotencyKey(orderId),
      status: 'succeeded',
      amountCents: total,
      currency: 'USD',
      cardToken: token,
      chargeId: null,
      failureCode: null,
      merchantReference: orderId,
      createdAt: now,
    });
    // The dates the settlement writes are the app's rules in TypeScript (orders/item-terms.ts).
    const terms = termsAtPayment(
      items.map((item) => ({
        id: item.id,
        refundWindowDays: item.refund_window_days,
        planKind: item.plan_kind,
        billingInterval: item.billing_interval,
      })),
      now,
    );
    const [settled] = await run(client, statements.settle, {
      orderId,
      reference: charge?.id,
      at,
      terms: JSON.stringify(terms),
      seller: BENCH_SELLER,
    });
    // The app then makes the paying card the default unless it is already (it is, here), and
    // delivers the mail the settlement queued (not awaited: it goes in the background).
    await run(client, statements.paidCardIsDefault, { cardId: paymentMethodId, userId });
    const mailIds = [settled?.receiptId, ...(JSON.parse(String(settled?.saleMailIds ?? '[]')) as string[])].filter(
      (id): id is string => typeof id === 'string',
    );
    void deliverMail(mailIds).catch(() => {});
    const settledItems = JSON.parse(String(settled?.items ?? '[]')) as { id: string; codes: string[] }[];
    return {
      order: {
        id: orderId,
        status: 'paid',
        total,
        items: items.map((item) => ({ ...item, codes: settledItems.find((s) => s.id === item.id)?.codes ?? [] })),
      },
    };
  });
  return { server, close: () => client.end({ timeout: 5 }) };
}
