import type { AdminUserDetail, OrderItemResult } from '@everdeal/contracts';
import { orderItemAdjustments, supportTickets, userIdentities, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import { buy, createBuyer, createDeal, emailOf } from '../../../test/shop';

// Requirements §13, decision 015: the admin's page of one account (`admin/getUser`), and the
// shopper's optional refund reason (requirements §11) kept with the refund and shown there.

const clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

/** A new shopper with one paid order of two fresh deals (30-day refund windows). */
async function shopperWithOrder() {
  const first = await createDeal(t.db, { name: 'Reasoned AI', refundWindowDays: 30 });
  const second = await createDeal(t.db, { name: 'Plain AI', refundWindowDays: 30 });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [
    { productId: first.product.id, variantId: first.plan.id, quantity: 1 },
    { productId: second.product.id, variantId: second.plan.id, quantity: 1 },
  ]);
  const [firstItem, secondItem] = order.items;
  if (!firstItem || !secondItem) throw new Error('no items');
  return { buyer, order, firstItem, secondItem };
}

describe('admin/getUser', () => {
  it('shows the account, how it signs in, its orders with items and its tickets', async () => {
    const { buyer, order } = await shopperWithOrder();
    await t.db
      .insert(userIdentities)
      .values({ userId: buyer.userId, provider: 'google', subject: `sub-${buyer.userId}`, email: 'g@example.com' });
    // The test buyer has no password: give it one, as registering does.
    await t.db.update(users).set({ passwordHash: 'argon2-hash' }).where(eq(users.id, buyer.userId));
    await t.db.insert(supportTickets).values({ userId: buyer.userId, subject: 'Where is my code?', orderId: order.id });

    const page = await callOk<AdminUserDetail>(t.app, 'admin/getUser', { userId: buyer.userId }, admin.token);
    expect(page.user).toMatchObject({
      id: buyer.userId,
      email: await emailOf(t.db, buyer.userId),
      role: 'user',
      status: 'active',
      signInMethods: ['password', 'google'],
    });
    expect(page.orderCount).toBe(1);
    expect(page.orders).toEqual([
      expect.objectContaining({
        id: order.id,
        total: order.total,
        items: order.items.map((item) => expect.objectContaining({ id: item.id, refundReason: null })),
      }),
    ]);
    expect(page.ticketCount).toBe(1);
    expect(page.tickets).toEqual([expect.objectContaining({ subject: 'Where is my code?', status: 'open' })]);
  });

  it('answers 404 for an unknown account, 403 to a user who is no admin and 401 to a visitor', async () => {
    const missing = await callApi(
      t.app,
      'admin/getUser',
      { userId: '00000000-0000-4000-8000-000000000000' },
      { token: admin.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('User not found');
    const { buyer } = await shopperWithOrder();
    const forbidden = await callApi(t.app, 'admin/getUser', { userId: buyer.userId }, { token: buyer.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.msg).toBe('You do not have permission to perform this action');
    const visitor = await callApi(t.app, 'admin/getUser', { userId: buyer.userId });
    expect(visitor.status).toBe(401);
  });
});

describe('orders/refundItem with a reason', () => {
  it('keeps the reason and note with the refund, shows them to the admin; without one refunds the same', async () => {
    const { buyer, order, firstItem, secondItem } = await shopperWithOrder();
    const withReason = await callApi<OrderItemResult>(
      t.app,
      'orders/refundItem',
      {
        orderId: order.id,
        itemId: firstItem.id,
        reason: 'missing_features',
        note: '  No export to Notion.  ',
        somethingUnknown: true,
      },
      { token: buyer.token },
    );
    expect(withReason.status).toBe(200);
    expect(withReason.body.data.item.status).toBe('refunded');
    // The spec's payload, nothing more: refunded the same way, no reason stored.
    const plain = await callApi<OrderItemResult>(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: secondItem.id },
      { token: buyer.token },
    );
    expect(plain.status).toBe(200);
    expect(plain.body.data.item.status).toBe('refunded');

    const stored = await t.db
      .select({ reason: orderItemAdjustments.refundReason, note: orderItemAdjustments.refundNote })
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, firstItem.id));
    expect(stored).toEqual([{ reason: 'missing_features', note: 'No export to Notion.' }]);

    const page = await callOk<AdminUserDetail>(t.app, 'admin/getUser', { userId: buyer.userId }, admin.token);
    const items = page.orders[0]?.items ?? [];
    expect(items.find((item) => item.id === firstItem.id)?.refundReason).toEqual({
      reason: 'missing_features',
      note: 'No export to Notion.',
    });
    expect(items.find((item) => item.id === secondItem.id)).toMatchObject({ status: 'refunded', refundReason: null });
  });

  it('refuses an unknown reason and a note over 500 characters, refunding nothing', async () => {
    const { buyer, order, firstItem } = await shopperWithOrder();
    const unknown = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: firstItem.id, reason: 'too_expensive' },
      { token: buyer.token },
    );
    expect(unknown.status).toBe(422);
    const tooLong = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: firstItem.id, reason: 'other', note: 'x'.repeat(501) },
      { token: buyer.token },
    );
    expect(tooLong.status).toBe(422);
    const adjustments = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, firstItem.id));
    expect(adjustments).toEqual([]);
    // A note alone (no reason chosen) is kept too.
    const noteOnly = await callApi<OrderItemResult>(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: firstItem.id, note: 'x'.repeat(500) },
      { token: buyer.token },
    );
    expect(noteOnly.status).toBe(200);
  });
});
