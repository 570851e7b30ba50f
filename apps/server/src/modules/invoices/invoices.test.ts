import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpErrorMessage, type Order, type OrderItem } from '@everdeal/contracts';
import { invoiceCounters, invoices } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminWithSession,
  createUserWithSession,
  decodeQuotedPrintable,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, checkout, createBuyer, createDeal, emailOf, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';

let clock = new Date('2026-12-30T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

function download(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function orderOf(token: string, orderId: string): Promise<Order> {
  const { body } = await callApi<{ order: Order }>(t.app, 'orders/getOrder', { orderId }, { token });
  return body.data.order;
}

async function buyOne(name: string, priceCents = 4900) {
  const { product, plan } = await createDeal(t.db, { name, plans: [{ priceCents }] });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  return { buyer, order, item: order.items[0] as OrderItem };
}

const pdftotext = existsSync('/usr/bin/pdftotext') ? '/usr/bin/pdftotext' : null;
function textOf(pdf: Buffer): string | null {
  if (!pdftotext) return null;
  const dir = mkdtempSync(join(tmpdir(), 'everdeal-invoice-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return execFileSync(pdftotext, ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('invoices (decision 038)', () => {
  let first: Awaited<ReturnType<typeof buyOne>>;

  it('numbers paid orders EVD-<year>-000001, 000002… and shows the number on the order', async () => {
    first = await buyOne('Invoiced Wiki');
    expect(first.order.invoiceNumber).toBe('EVD-2026-000001');
    expect(first.order.creditNotes).toEqual([]);
    const second = await buyOne('Invoiced Recorder');
    expect(second.order.invoiceNumber).toBe('EVD-2026-000002');
    // The view read back says the same as the checkout's answer.
    expect((await orderOf(first.buyer.token, first.order.id)).invoiceNumber).toBe('EVD-2026-000001');
    const [row] = await t.db.select().from(invoices).where(eq(invoices.orderId, first.order.id));
    expect(row).toMatchObject({ kind: 'invoice', number: 'EVD-2026-000001', totalCents: 4900, currency: 'USD' });
    expect(row?.issuedAt.toISOString()).toBe(clock.toISOString());
    expect(row?.document).toMatchObject({
      kind: 'invoice',
      number: 'EVD-2026-000001',
      orderId: first.order.id,
      seller: { name: 'Everdeal Demo Ltd' },
      buyer: { name: 'Test User' },
      lines: [{ product: 'Invoiced Wiki', quantity: 1, unitPriceCents: 4900, amountCents: 4900 }],
      card: { brand: 'visa', last4: '4242' },
    });
    // The receipt names the invoice and sends the buyer to the page that downloads it.
    const receipt = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(t.db, first.buyer.userId), /receipt/),
    );
    expect(receipt).toContain('Your invoice EVD-2026-000001 is on your orders page');
  });

  it('gives a declined payment no number: the next paid order takes the next one', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Declined Deal' });
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      SANDBOX_TEST_CARDS.declined,
      clock,
    );
    const declined = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(declined.status).toBe(402);
    const next = await buyOne('After Declined');
    expect(next.order.invoiceNumber).toBe('EVD-2026-000003');
    expect(await t.db.select().from(invoiceCounters)).toEqual([{ series: 'EVD', year: 2026, lastNumber: 3 }]);
  });

  it('serves the PDF to the owner and an admin; 404 to anyone else or for no invoice, 401 without a session', async () => {
    const url = `/invoices/${first.order.id}.pdf`;
    const owner = await download(url, first.buyer.token);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/pdf');
    expect(owner.headers['content-disposition']).toBe('attachment; filename="EVD-2026-000001.pdf"');
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = textOf(owner.rawPayload);
    if (text) {
      expect(text).toContain('EVD-2026-000001');
      expect(text).toContain('Invoiced Wiki');
      expect(text).toMatch(/Total\s+\$49/);
    }

    const stranger = await createUserWithSession(t.db, clock);
    const other = await download(url, stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 404, msg: HttpErrorMessage[404] });

    const admin = await createAdminWithSession(t.db, clock);
    expect((await download(url, admin.token)).statusCode).toBe(200);

    expect((await download(url)).statusCode).toBe(401);
    expect((await download(`/invoices/${crypto.randomUUID()}.pdf`, admin.token)).statusCode).toBe(404);
    expect((await download(`/invoices/${first.order.id}`, first.buyer.token)).statusCode).toBe(404);
    expect((await download('/invoices/../etc.pdf', first.buyer.token)).statusCode).toBe(404);
  });

  it('issues a credit note for a refund, referencing the invoice, downloadable by the owner only', async () => {
    clock = new Date(clock.getTime() + 60 * 60_000);
    const refund = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/refundItem',
      { orderId: first.order.id, itemId: first.item.id },
      { token: first.buyer.token },
    );
    expect(refund.status).toBe(200);
    const order = await orderOf(first.buyer.token, first.order.id);
    expect(order.invoiceNumber).toBe('EVD-2026-000001');
    expect(order.creditNotes).toEqual([
      { id: expect.any(String), number: 'EVD-CN-2026-000001', amountCents: 4900, issuedAt: clock.toISOString() },
    ]);
    const [note] = await t.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(note?.document).toMatchObject({ creditedInvoiceNumber: 'EVD-2026-000001', buyer: { name: 'Test User' } });

    const url = `/credit-notes/${order.creditNotes[0]?.id}.pdf`;
    const owner = await download(url, first.buyer.token);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-disposition']).toBe('attachment; filename="EVD-CN-2026-000001.pdf"');
    const text = textOf(owner.rawPayload);
    if (text) {
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain('Credit note for invoice EVD-2026-000001');
      expect(text).toMatch(/Refunded to the card\s+\$49/);
    }
    const stranger = await createUserWithSession(t.db, clock);
    expect((await download(url, stranger.token)).statusCode).toBe(404);
    // A credit note's id is not an order's invoice, nor the other way round.
    expect((await download(`/invoices/${order.creditNotes[0]?.id}.pdf`, first.buyer.token)).statusCode).toBe(404);
    expect((await download(`/credit-notes/${first.order.id}.pdf`, first.buyer.token)).statusCode).toBe(404);
  });

  it('starts again at 000001 in a new calendar year (UTC, from the clock)', async () => {
    clock = new Date('2027-01-01T00:00:01Z');
    const next = await buyOne('New Year Deal');
    expect(next.order.invoiceNumber).toBe('EVD-2027-000001');
  });
});
