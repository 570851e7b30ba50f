// Requirements §12 (decision 011): lists of reviews, questions, updates and threads cost a bounded number
// of statements whatever the page size, counted like the catalogue's (decision 003).
import { answers, productUpdates, questions, reviews, threads, users } from '@everdeal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createDeal } from '../../../test/shop';

const statements: string[] = [];
let t: TestApp;
let slug = '';
beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => statements.push(query) });
  const { product } = await createDeal(t.db);
  slug = product.slug;
  const people = await t.db
    .insert(users)
    .values(Array.from({ length: 30 }, (_, i) => ({ email: uniqueEmail(`writer${i}`), firstName: `Writer${i}` })))
    .returning({ id: users.id });
  const now = new Date();
  const base = { productId: product.id, createdAt: now };
  await t.db.insert(reviews).values(
    people.map((person, i) => ({
      ...base,
      userId: person.id,
      rating: (i % 5) + 1,
      title: `Review ${i}`,
      body: 'Plain text.',
      updatedAt: now,
    })),
  );
  const asked = await t.db
    .insert(questions)
    .values(people.map((person, i) => ({ ...base, userId: person.id, title: `Question ${i}`, body: '' })))
    .returning({ id: questions.id });
  await t.db.insert(answers).values(
    asked.map((question, i) => ({
      questionId: question.id,
      userId: people[i]?.id ?? '',
      body: 'An answer.',
      createdAt: now,
    })),
  );
  await t.db.insert(threads).values(
    people.map((person, i) => ({
      ...base,
      userId: person.id,
      title: `Thread ${i}`,
      body: 'Hello',
      lastActivityAt: now,
    })),
  );
  await t.db
    .insert(productUpdates)
    .values(people.map((_, i) => ({ ...base, title: `Update ${i}`, body: `Fixed bug ${i}.` })));
});
afterAll(() => t?.close());

async function countStatements(path: string, payload: object): Promise<number> {
  statements.length = 0;
  const { status, body } = await callApi(t.app, path, payload);
  expect(status, JSON.stringify(body)).toBe(200);
  // Session lookups and the like do not run for these public reads; every statement is the list's.
  return statements.length;
}

describe('community lists cost a bounded number of statements', () => {
  for (const path of ['reviews/getReviews', 'questions/getQuestions', 'updates/getUpdates', 'community/getThreads']) {
    it(`${path}: one statement for a page of 1 or of 30`, async () => {
      expect(await countStatements(path, { slug, pageSize: 1 })).toBe(1);
      expect(await countStatements(path, { slug, pageSize: 30 })).toBe(1);
      // Past the end: one more, to tell an empty page from an unknown product.
      expect(await countStatements(path, { slug, page: 50, pageSize: 30 })).toBeLessThanOrEqual(3);
    });
  }

  it('questions/getQuestion and community/getThread: two statements whatever the number of answers', async () => {
    const list = await callApi<{ items: { id: number }[] }>(t.app, 'questions/getQuestions', { slug });
    const questionId = list.body.data.items[0]?.id;
    expect(await countStatements('questions/getQuestion', { id: questionId })).toBe(2);
    const threadsList = await callApi<{ items: { id: number }[] }>(t.app, 'community/getThreads', { slug });
    expect(await countStatements('community/getThread', { id: threadsList.body.data.items[0]?.id })).toBe(2);
  });
});
