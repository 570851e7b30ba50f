/**
 * The floor of `npm run bench:api` (bench/api.ts, docs/benchmarks.md "Cart API against its
 * floor"): bare Fastify answering `cart/getCartContents` and `cart/change` with the app's own
 * prepared statements (the session, the lines, the coupon and the sale read together, the change's
 * target, upsert and cart add) and nothing else.
 */
import { type CartChangeInput, type CartItem, DEFAULT_CURRENCY } from '@everdeal/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import postgres from 'postgres';
import { cartStatements, toCartContents } from '../src/modules/cart/cart.service';
import { cartCouponQuery } from '../src/modules/coupons/coupons.service';
import { scheduleStatements } from '../src/modules/sales/sale-schedule';
import { cartAddStatement, utcDay } from '../src/modules/sellers/product-counters';
import { hashToken, sessionLookup } from '../src/modules/users/sessions';
import { readBearerToken } from '../src/plugins/auth';
import { prepared, sessionColumnIndex } from './floor-statements';

/**
 * The floor: Fastify with no plugins, no validation, no envelope and no query builder at run
 * time; each handler sends the app's prepared statements (same text, same driver, prepared the
 * same way, same pool size) and does the same checks and sums in plain code.
 */
export async function buildFloor(databaseUrl: string, poolSize: number) {
  const client = postgres(databaseUrl, { max: poolSize, onnotice: () => {} });
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { schema } = await import('@everdeal/db');
  // Only to render the SQL texts once (the app prepares the same ones); it never runs a query.
  const db = drizzle(client, { schema, casing: 'snake_case' });
  const statements = cartStatements(db);
  const sessionSql = prepared(sessionLookup(db));
  const linesSql = prepared(statements.lines);
  const targetSql = prepared(statements.purchaseTarget);
  const upsertSql = prepared(statements.upsertLine);
  const deleteSql = prepared(statements.deleteLine);
  const cartAddSql = prepared(cartAddStatement(db));
  // The cart's coupon (decision 040) and the sale at this moment (decision 042), read beside the
  // lines as the app reads them; the bench runs neither, so the answers are not used.
  const couponQuery = cartCouponQuery(db, sql.placeholder('userId'));
  const couponSql = prepared({ getQuery: () => couponQuery.toSQL() });
  const saleSql = prepared(scheduleStatements(db).firstNotOver);
  const col = sessionColumnIndex();
  // drizzle() set the client's timestamp parsers to pass text through (it maps dates itself), as in the app.
  const time = (value: unknown) => new Date(value as string).getTime();
  const run = (query: ReturnType<typeof prepared>, values: Record<string, unknown>) =>
    client.unsafe(query.text, query.bind(values) as never[], { prepare: true }).values();

  async function authenticate(request: FastifyRequest): Promise<string | null> {
    const token = readBearerToken(request);
    if (!token) return null;
    const [row] = await run(sessionSql, { tokenHash: hashToken(token) });
    if (!row || row[col.revokedAt] !== null || time(row[col.expiresAt]) <= Date.now()) return null;
    return row[col.status] === 'active' ? (row[col.userId] as string) : null;
  }

  // Same order as selectCartLines' fields; the start-up check compares answers with the app's.
  async function cart(userId: string) {
    const [rows] = await Promise.all([
      run(linesSql, { userId }),
      run(couponSql, { userId }),
      run(saleSql, { at: new Date().toISOString() }),
    ]);
    const items: CartItem[] = rows.map((r) => ({
      productId: r[0],
      variantId: r[1],
      quantity: r[2],
      name: r[3],
      slug: r[4],
      image: r[5],
      planName: r[6],
      planKind: r[7],
      billingInterval: r[8],
      price: r[9],
      // The bench runs no sale (decision 042): the regular price is the price.
      regularPrice: r[9],
      originalPrice: r[10],
      currency: r[11],
      maxQuantity: Number(r[12]),
      refundWindowDays: r[13],
      sale: null,
    }));
    return toCartContents(items);
  }

  const refuse = (reply: FastifyReply, status: number) => reply.code(status).send({ status });
  const server = Fastify({ logger: false });
  server.post('/api/cart/getCartContents', async (request, reply) => {
    const userId = await authenticate(request);
    return userId ? cart(userId) : refuse(reply, 401);
  });
  server.post('/api/cart/change', async (request, reply) => {
    const userId = await authenticate(request);
    if (!userId) return refuse(reply, 401);
    const { productId, variantId, quantity } = request.body as CartChangeInput;
    if (quantity === 0) {
      await run(deleteSql, { userId, productId, planId: variantId });
      return cart(userId);
    }
    const [[target]] = await Promise.all([
      run(targetSql, { userId, productId, planId: variantId }),
      run(saleSql, { at: new Date().toISOString() }),
    ]);
    if (!target) return refuse(reply, 404);
    // Same order as the purchase target's fields; the sale opt-out is unread, as the floor reads no sale.
    const [, , dealStatus, endsAt, currency, codesLeft, price, , refundWindowDays, inCart] = target as [
      string,
      string,
      string,
      string | null,
      string,
      number | string,
      number,
      boolean,
      number,
      number | string,
    ];
    if (dealStatus !== 'live' || (endsAt !== null && time(endsAt) <= Date.now())) return refuse(reply, 422);
    if (Number(codesLeft) === 0 || currency !== DEFAULT_CURRENCY) return refuse(reply, 422);
    if (quantity > Number(codesLeft)) return refuse(reply, 409);
    await run(upsertSql, {
      userId,
      productId,
      planId: variantId,
      quantity,
      shownPrice: price,
      shownRefundWindowDays: refundWindowDays,
    });
    // A rise is a cart add of the seller's analytics (decision 025), as the app counts it.
    if (quantity > Number(inCart)) await run(cartAddSql, { productId, day: utcDay(new Date()) });
    return cart(userId);
  });
  return { server, close: () => client.end({ timeout: 5 }) };
}
