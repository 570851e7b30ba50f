import type { SellerSalesList } from '@everdeal/contracts';
import { mailOutbox, mailUnsubscribeTokens, notificationSettings, users } from '@everdeal/db';
import { createProduct, createSeller } from '@everdeal/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAdminWithSession,
  createUserWithSession,
  decodeQuotedPrintable,
  findMailFiles,
  waitForMailFile,
} from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk, createSellerMember } from '../../../test/community';
import { mailHeaders, oneClickUnsubscribeOf } from '../../../test/mail';
import { createCompleteDraft, createSellerWithMember } from '../../../test/seller';
import { checkout, createBuyer, createDeal, newKey } from '../../../test/shop';
import { hashToken } from '../../lib/opaque-token';

// The mails of seller.mail.ts and community/question-mail.ts, read as the mailer wrote them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function emailOf(userId: string) {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

describe('mails to a seller', () => {
  it('a sale: each member hears of the product, plan, amount and their share, never the buyer’s address', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Sold Scribe', plans: [{ priceCents: 4900, codes: 5 }] });
    const member = await createSellerMember(t.db, product.sellerId);
    const buyer = await buyDeal(t.app, t.db, product.id, plan.id);
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(member.userId), /New sale: Sold Scribe/),
    );
    expect(mail).toContain('Paid: $49');
    expect(mail).toContain('Your share (70%): $34.30');
    expect(mail).toContain('/seller/payouts');
    expect(mail).not.toContain(await emailOf(buyer.userId));
  });

  it('a sale paid with credit and card: the share is each part’s 70% floored, as the sales list and payouts count it', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Split Scribe', plans: [{ priceCents: 4900, codes: 5 }] });
    const member = await createSellerMember(t.db, product.sellerId);
    const admin = await createAdminWithSession(t.db);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    await callOk(
      t.app,
      'admin/grantCredit',
      { userId: buyer.userId, amountCents: 3001, note: 'For the test' },
      admin.token,
    );
    const paid = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
    });
    expect(paid.status, paid.body.msg).toBe(200);
    expect(paid.body.data.order).toMatchObject({ total: 4900, paidWithCreditCents: 3001 });

    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(member.userId), /New sale: Split Scribe/),
    );
    expect(mail).toContain('Paid: $49');
    // $30.01 of credit earns $21.00 and $18.99 by card $13.29: $34.29, not 70% of $49 ($34.30).
    expect(mail).toContain('Your share (70%): $34.29');
    expect(mail).not.toContain('$34.30');
    const list = await callOk<SellerSalesList>(
      t.app,
      'seller/getSalesList',
      { sellerId: product.sellerId, page: 1 },
      member.token,
    );
    expect(list.items.map((row) => [row.paidCents, row.shareCents])).toEqual([[4900, 3429]]);
  });

  it('a sale is queued with the payment, once per member; it carries an unsubscribe, and one who turned seller activity off gets none', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Quiet Scribe', plans: [{ priceCents: 2000, codes: 5 }] });
    const [told, quiet] = [
      await createSellerMember(t.db, product.sellerId),
      await createSellerMember(t.db, product.sellerId),
    ];
    await t.db.insert(notificationSettings).values({ userId: quiet.userId, sellerActivity: false });
    const { orderId } = await buyDeal(t.app, t.db, product.id, plan.id);
    const raw = await waitForMailFile(t.dataDir, await emailOf(told.userId), /New sale: Quiet Scribe/);
    expect(mailHeaders(raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(oneClickUnsubscribeOf(raw).token).not.toBe('');
    expect(decodeQuotedPrintable(raw)).toContain('seller notifications are on for your account');
    const rowsOf = () =>
      t.db
        .select({ key: mailOutbox.key, userId: mailOutbox.userId, status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'seller-sale'));
    await vi.waitFor(async () =>
      expect(
        (await rowsOf())
          .filter((row) => row.key.startsWith(`seller-sale:${orderId}:`))
          .map((row) => row.status)
          .sort(),
      ).toEqual(['sent', 'skipped']),
    );
    const rows = (await rowsOf()).filter((row) => row.key.startsWith(`seller-sale:${orderId}:`));
    expect(rows.find((row) => row.userId === quiet.userId)?.status).toBe('skipped');
    expect(rows.find((row) => row.userId === told.userId)?.key).toBe(`seller-sale:${orderId}:${told.userId}`);
    expect(findMailFiles(t.dataDir, await emailOf(quiet.userId), /New sale/)).toEqual([]);
  });

  it('a new question on their product, with a link to answer it; the asker’s address stays out', async () => {
    const { product } = await createDeal(t.db, { name: 'Asked Scribe' });
    const member = await createSellerMember(t.db, product.sellerId);
    const asker = await createUserWithSession(t.db);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: product.id, title: 'Does it export PDF?', body: 'For our reports.' },
      asker.token,
    );
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(member.userId), /New question about Asked Scribe/),
    );
    expect(mail).toContain('Does it export PDF?');
    expect(mail).toContain('For our reports.');
    expect(mail).toContain(`/products/${product.slug}/question/${question.id}`);
    expect(mail).not.toContain(await emailOf(asker.userId));
  });

  it('their product going live when an admin publishes it, once', async () => {
    const seller = await createSeller(t.db);
    const product = await createProduct(t.db, {
      sellerId: seller.id,
      name: 'Launch Scribe',
      isPublished: false,
      reviewStatus: 'approved',
    });
    const member = await createSellerMember(t.db, seller.id);
    const admin = await createAdminWithSession(t.db);
    await callOk(t.app, 'admin/updateProduct', { productId: product.id, isPublished: true }, admin.token);
    await callOk(t.app, 'admin/updateProduct', { productId: product.id, isFeatured: true }, admin.token);
    const email = await emailOf(member.userId);
    const mail = decodeQuotedPrintable(await waitForMailFile(t.dataDir, email, /Launch Scribe is live on Everdeal/));
    expect(mail).toContain(`/products/${product.slug}`);
    await t.tasks.flush();
    expect(findMailFiles(t.dataDir, email, /is live on Everdeal/)).toHaveLength(1);
  });
});

describe('mails to the team', () => {
  it('a product submitted for review: every admin hears of it, with the way to the queue', async () => {
    const admin = await createAdminWithSession(t.db);
    const seller = await createSellerWithMember(t.db);
    const draft = await createCompleteDraft(t.app, t.db, seller, { name: 'Queued Scribe' });
    await callOk(t.app, 'seller/submitProduct', { productId: draft.id }, seller.token);
    const raw = await waitForMailFile(t.dataDir, admin.email, /submitted Queued Scribe/);
    const mail = decodeQuotedPrintable(raw);
    expect(mail).toContain(`product ${draft.id}`);
    // Mail about a seller's doings to an admin's own address: a `sellerActivity` notification (decision 029).
    expect(mailHeaders(raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail).toContain('seller notifications are on for your account');
    expect(mail).toContain('/admin/products');
    expect(findMailFiles(t.dataDir, await emailOf(seller.userId), /submitted Queued Scribe/)).toHaveLength(0);
  });
});

describe('mails to a shopper', () => {
  it('an answer to their question, from the founder or another member; not their own answer', async () => {
    const { product } = await createDeal(t.db, { name: 'Answered Scribe' });
    const asker = await createUserWithSession(t.db);
    const askerEmail = await emailOf(asker.userId);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: product.id, title: 'Is there an API?', body: '' },
      asker.token,
    );
    await callOk(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Following up myself.' },
      asker.token,
    );
    const founder = await createSellerMember(t.db, product.sellerId);
    await callOk(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Yes, a REST API with keys per workspace.' },
      founder.token,
    );
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, askerEmail, /Your question about Answered Scribe has a new answer/),
    );
    expect(mail).toContain('The Answered Scribe team answered your question');
    expect(mail).toContain('Yes, a REST API with keys per workspace.');
    expect(mail).toContain(`/products/${product.slug}/question/${question.id}`);
    expect(mail).not.toContain(await emailOf(founder.userId));
    expect(findMailFiles(t.dataDir, askerEmail, /has a new answer/)).toHaveLength(1);
  });
});

describe('notification mails (decision 029)', () => {
  const queuedFor = (userId: string, kind: string) =>
    t.db
      .select({ key: mailOutbox.key })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));

  async function askAndAnswer(productId: number, asker: { token: string }, answerer: { token: string }) {
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId, title: 'Does it sync offline?', body: 'On the train.' },
      asker.token,
    );
    const { answer } = await callOk<{ answer: { id: number } }>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Yes, it syncs when you are back online.' },
      answerer.token,
    );
    return { questionId: question.id, answerId: answer.id };
  }

  it('an answer mail carries the RFC 8058 headers and a footer link, each naming its topic', async () => {
    const { product } = await createDeal(t.db, { name: 'Headed Scribe' });
    const asker = await createUserWithSession(t.db);
    const answerer = await createUserWithSession(t.db);
    const { answerId } = await askAndAnswer(product.id, asker, answerer);
    const raw = await waitForMailFile(t.dataDir, await emailOf(asker.userId), /Headed Scribe has a new answer/);
    const headers = mailHeaders(raw);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const { url, token } = oneClickUnsubscribeOf(raw);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/unsubscribe/one-click');
    const [stored] = await t.db
      .select({ userId: mailUnsubscribeTokens.userId, topic: mailUnsubscribeTokens.topic })
      .from(mailUnsubscribeTokens)
      .where(eq(mailUnsubscribeTokens.tokenHash, hashToken(token)));
    expect(stored).toEqual({ userId: asker.userId, topic: 'communityReplies' });
    const text = decodeQuotedPrintable(raw);
    expect(text).toContain('replies to your questions and threads are on for your account');
    expect(text).toContain(`http://localhost:3000/unsubscribe?token=${token}`);
    expect(await queuedFor(asker.userId, 'question-answer')).toEqual([
      { key: `question-answer:${answerId}:${asker.userId}` },
    ]);
  });

  it('an asker who turned replies off gets no answer mail: nothing is queued', async () => {
    const { product } = await createDeal(t.db, { name: 'Quiet Scribe' });
    const asker = await createUserWithSession(t.db);
    await t.db.insert(notificationSettings).values({ userId: asker.userId, communityReplies: false });
    const answerer = await createUserWithSession(t.db);
    await askAndAnswer(product.id, asker, answerer);
    expect(await queuedFor(asker.userId, 'question-answer')).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(findMailFiles(t.dataDir, await emailOf(asker.userId), /Quiet Scribe has a new answer/)).toHaveLength(0);
  });

  it('a seller member who turned seller activity off hears of no question; the other member does', async () => {
    const { product } = await createDeal(t.db, { name: 'Split Scribe' });
    const quiet = await createSellerMember(t.db, product.sellerId);
    await t.db.insert(notificationSettings).values({ userId: quiet.userId, sellerActivity: false });
    const listening = await createSellerMember(t.db, product.sellerId);
    const asker = await createUserWithSession(t.db);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: product.id, title: 'Any seat limits?', body: '' },
      asker.token,
    );
    const raw = await waitForMailFile(t.dataDir, await emailOf(listening.userId), /New question about Split Scribe/);
    expect(mailHeaders(raw).get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await queuedFor(listening.userId, 'new-question')).toEqual([
      { key: `new-question:${question.id}:${listening.userId}` },
    ]);
    expect(await queuedFor(quiet.userId, 'new-question')).toEqual([]);
    expect(findMailFiles(t.dataDir, await emailOf(quiet.userId), /New question about Split Scribe/)).toHaveLength(0);
  });
});
