/**
 * The demo catalogue's community (requirements §10, decision 011): for every product reviews by
 * the demo shoppers who bought it (so every review is from a verified purchaser), questions with
 * the founder's answers, the seller's updates and discussion threads. Each seller gets one founder
 * account (no password, like the demo shoppers) as its member. Deterministic: one PRNG per slug.
 * The products' review counts and rating totals are set from the reviews written here, so the
 * cards and the reviews pages agree.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  answers,
  orderItems,
  orders,
  products,
  productUpdates,
  questions,
  reviews,
  sellerMembers,
  sellers,
  threadReplies,
  threads,
  users,
} from '../schema';
import {
  demoQuestionTexts,
  demoReviewTexts,
  demoShopperAnswers,
  demoThreadTexts,
  demoUpdateTexts,
} from './demo-community-text';
import { createRandom, hashString, type Random, randomInt } from './prng';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MAX_REVIEWS = 6;

type DemoProductRef = { id: number; slug: string; name: string; sellerId: number; createdAt: Date; dealStatus: string };

const fill = (text: string, name: string) => text.replaceAll('{name}', name);

/** A time between `from` and `to`, never after `to`. */
function between(random: Random, from: number, to: number): Date {
  return new Date(Math.min(to, from + Math.round(random() * Math.max(0, to - from))));
}

/** Picks `count` distinct items, in a deterministic shuffle. */
function pick<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(random, 0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

export async function insertDemoCommunity(tx: Tx, now: Date, shopperIds: string[]): Promise<void> {
  if (shopperIds.length === 0) return;
  const productRows: DemoProductRef[] = await tx
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      sellerId: products.sellerId,
      createdAt: products.createdAt,
      dealStatus: products.dealStatus,
    })
    .from(products);
  const founderBySeller = await insertDemoFounders(tx, now);
  const buyers = await tx
    .select({
      productId: orderItems.productId,
      userId: orders.userId,
      boughtAt: sql<Date>`min(${orderItems.createdAt})`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.status, 'paid'), eq(orderItems.status, 'active'), inArray(orders.userId, shopperIds)))
    .groupBy(orderItems.productId, orders.userId)
    .orderBy(orderItems.productId, orders.userId);
  const buyersOf = new Map<number, { userId: string; boughtAt: Date }[]>();
  for (const row of buyers) {
    const list = buyersOf.get(row.productId) ?? [];
    list.push({ userId: row.userId, boughtAt: new Date(row.boughtAt) });
    buyersOf.set(row.productId, list);
  }

  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const questionRows: (typeof questions.$inferInsert & { answer: string; founderAfterHours: number | null })[] = [];
  const updateRows: (typeof productUpdates.$inferInsert)[] = [];
  const threadRows: (typeof threads.$inferInsert & { replies: string[] })[] = [];
  const end = now.getTime();
  for (const product of productRows) {
    const random = createRandom(hashString(`${product.slug}:community`));
    const start = Math.max(product.createdAt.getTime(), end - 120 * DAY_MS);
    const founder = founderBySeller.get(product.sellerId);
    const shopper = () => shopperIds[randomInt(random, 0, shopperIds.length - 1)] as string;

    const productBuyers = pick(random, buyersOf.get(product.id) ?? [], MAX_REVIEWS);
    for (const [i, buyer] of productBuyers.entries()) {
      const text = demoReviewTexts[(hashString(product.slug) + i) % demoReviewTexts.length];
      if (!text) continue;
      const at = between(random, buyer.boughtAt.getTime() + DAY_MS, end);
      reviewRows.push({
        productId: product.id,
        userId: buyer.userId,
        rating: text.rating,
        title: text.title,
        body: fill(text.body, product.name),
        helpfulCount: randomInt(random, 0, 12),
        sellerReply: i === 0 && founder ? 'Thank you for the kind words, and for buying early!' : null,
        sellerRepliedAt: i === 0 && founder ? new Date(Math.min(end, at.getTime() + 6 * HOUR_MS)) : null,
        createdAt: at,
        updatedAt: at,
      });
    }
    if (product.dealStatus === 'upcoming') continue;
    for (const text of pick(random, demoQuestionTexts, randomInt(random, 2, 3))) {
      const askedAt = between(random, start, end - 2 * DAY_MS);
      questionRows.push({
        productId: product.id,
        userId: shopper(),
        title: fill(text.title, product.name),
        body: text.body,
        createdAt: askedAt,
        answer: text.answer,
        founderAfterHours: founder ? randomInt(random, 2, 40) : null,
      });
    }
    for (const [i, text] of pick(random, demoUpdateTexts, randomInt(random, 1, 3)).entries()) {
      updateRows.push({
        productId: product.id,
        authorId: founder ?? null,
        title: text.title,
        body: text.body,
        // Spread back from a recent one, so most demo deals look maintained and a few do not.
        createdAt: new Date(Math.max(start, end - (randomInt(random, 1, 40) + i * 35) * DAY_MS)),
      });
    }
    for (const text of pick(random, demoThreadTexts, randomInt(random, 1, 2))) {
      threadRows.push({
        productId: product.id,
        userId: shopper(),
        title: fill(text.title, product.name),
        body: text.body,
        replyCount: 0,
        lastActivityAt: new Date(end),
        createdAt: between(random, start, end - DAY_MS),
        replies: text.replies,
      });
    }
  }

  if (reviewRows.length > 0) await tx.insert(reviews).values(reviewRows);
  await tx.execute(sql`
    update ${products} p set review_count = coalesce(r.count, 0), rating_total = coalesce(r.total, 0)
    from (select pr.id, count(rv.id)::int as count, sum(rv.rating)::int as total
          from ${products} pr left join ${reviews} rv on rv.product_id = pr.id group by pr.id) r
    where r.id = p.id`);
  if (updateRows.length > 0) await tx.insert(productUpdates).values(updateRows);
  await insertQuestionsWithAnswers(tx, questionRows, founderBySeller, productRows, shopperIds, end);
  await insertThreadsWithReplies(tx, threadRows, productRows, founderBySeller, shopperIds, end);
}

/** One founder account per seller, its member (no password: nobody signs in as one). */
async function insertDemoFounders(tx: Tx, now: Date): Promise<Map<number, string>> {
  const sellerRows = await tx.select({ id: sellers.id, slug: sellers.slug, name: sellers.name }).from(sellers);
  if (sellerRows.length === 0) return new Map();
  const created = await tx
    .insert(users)
    .values(
      sellerRows.map((seller) => ({
        email: `founder-${seller.slug}@demo.everdeal.example`,
        passwordHash: null,
        firstName: seller.name.split(' ')[0] ?? 'Founder',
        lastName: 'Founder',
        createdAt: new Date(now.getTime() - 150 * DAY_MS),
        updatedAt: new Date(now.getTime() - 150 * DAY_MS),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  const sellerByEmail = new Map(
    sellerRows.map((seller) => [`founder-${seller.slug}@demo.everdeal.example`, seller.id]),
  );
  const members = created.flatMap((user) => {
    const sellerId = sellerByEmail.get(user.email);
    return sellerId === undefined ? [] : [{ sellerId, userId: user.id }];
  });
  if (members.length > 0) await tx.insert(sellerMembers).values(members).onConflictDoNothing();
  return new Map(members.map((member) => [member.sellerId, member.userId]));
}

async function insertQuestionsWithAnswers(
  tx: Tx,
  rows: (typeof questions.$inferInsert & { answer: string; founderAfterHours: number | null })[],
  founderBySeller: Map<number, string>,
  productRows: DemoProductRef[],
  shopperIds: string[],
  end: number,
): Promise<void> {
  if (rows.length === 0) return;
  const sellerOf = new Map(productRows.map((product) => [product.id, product.sellerId]));
  const withAnswers = rows.map((row) => {
    const askedAt = (row.createdAt as Date).getTime();
    const founderAt = row.founderAfterHours === null ? null : Math.min(end, askedAt + row.founderAfterHours * HOUR_MS);
    return { row, founderAt };
  });
  const inserted = await tx
    .insert(questions)
    .values(
      withAnswers.map(({ row: { answer: _answer, founderAfterHours: _hours, ...question }, founderAt }) => ({
        ...question,
        answerCount: founderAt === null ? 1 : 2,
        firstFounderAnswerAt: founderAt === null ? null : new Date(founderAt),
      })),
    )
    .returning({ id: questions.id, productId: questions.productId, title: questions.title });
  // RETURNING order is not promised: questions are matched back by product and title (distinct per product).
  const idOf = new Map(inserted.map((row) => [`${row.productId}:${row.title}`, row.id]));
  const answerRows = withAnswers.flatMap(({ row, founderAt }, i) => {
    const questionId = idOf.get(`${row.productId}:${row.title}`);
    if (questionId === undefined) return [];
    const askedAt = (row.createdAt as Date).getTime();
    const founder = founderBySeller.get(sellerOf.get(row.productId) ?? -1);
    const shopperAnswer = {
      questionId,
      userId: shopperIds[(i * 7) % shopperIds.length] as string,
      body: demoShopperAnswers[i % demoShopperAnswers.length] as string,
      isFounder: false,
      createdAt: new Date(Math.min(end, askedAt + 50 * HOUR_MS)),
    };
    return founder && founderAt !== null
      ? [
          { questionId, userId: founder, body: row.answer, isFounder: true, createdAt: new Date(founderAt) },
          shopperAnswer,
        ]
      : [shopperAnswer];
  });
  if (answerRows.length > 0) await tx.insert(answers).values(answerRows);
}

async function insertThreadsWithReplies(
  tx: Tx,
  rows: (typeof threads.$inferInsert & { replies: string[] })[],
  productRows: DemoProductRef[],
  founderBySeller: Map<number, string>,
  shopperIds: string[],
  end: number,
): Promise<void> {
  if (rows.length === 0) return;
  const sellerOf = new Map(productRows.map((product) => [product.id, product.sellerId]));
  const timed = rows.map((row) => {
    const startedAt = (row.createdAt as Date).getTime();
    const replyTimes = row.replies.map((_, i) => Math.min(end, startedAt + (i + 1) * 9 * HOUR_MS));
    return { row, replyTimes };
  });
  const inserted = await tx
    .insert(threads)
    .values(
      timed.map(({ row: { replies, ...thread }, replyTimes }) => ({
        ...thread,
        replyCount: replies.length,
        lastActivityAt: new Date(replyTimes.at(-1) ?? (thread.createdAt as Date).getTime()),
      })),
    )
    .returning({ id: threads.id, productId: threads.productId, title: threads.title });
  const idOf = new Map(inserted.map((row) => [`${row.productId}:${row.title}`, row.id]));
  const replyRows = timed.flatMap(({ row, replyTimes }, t) => {
    const threadId = idOf.get(`${row.productId}:${row.title}`);
    if (threadId === undefined) return [];
    const founder = founderBySeller.get(sellerOf.get(row.productId) ?? -1);
    return row.replies.map((body, i) => {
      // A reply that thanks and promises is the founder's; the others are shoppers'.
      const isFounder = founder !== undefined && body.startsWith('Thanks, all noted');
      return {
        threadId,
        userId: isFounder && founder ? founder : (shopperIds[(t * 5 + i) % shopperIds.length] as string),
        body,
        isFounder,
        createdAt: new Date(replyTimes[i] ?? end),
      };
    });
  });
  if (replyRows.length > 0) await tx.insert(threadReplies).values(replyRows);
}
