import type { AnswerResult, Question, QuestionList } from '@everdeal/contracts';
import { CommunityMessage } from '@everdeal/contracts';
import { questions } from '@everdeal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk, createSellerMember } from '../../../test/community';
import { createDeal } from '../../../test/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function ask(productId: number, token: string, title = 'Does it work with Zapier?') {
  const { question } = await callOk<{ question: { id: number } }>(
    t.app,
    'questions/askQuestion',
    { productId, title, body: 'We automate everything.' },
    token,
  );
  return question;
}

describe('questions', () => {
  it('lets any signed-in user ask and answer; the seller’s answer carries the Founder badge', async () => {
    const { product } = await createDeal(t.db);
    const asker = await createUserWithSession(t.db);
    const question = await ask(product.id, asker.token);
    expect((await callApi(t.app, 'questions/askQuestion', { productId: product.id, title: 'Anonymous?' })).status).toBe(
      401,
    );
    // The details are optional: absent or empty, as the form sends them.
    const titleOnly = await callOk<{ question: { body: string } }>(
      t.app,
      'questions/askQuestion',
      { productId: product.id, title: 'Is there a free trial?', body: '' },
      asker.token,
    );
    expect(titleOnly.question.body).toBe('');

    const shopper = await createUserWithSession(t.db);
    const { answer: plain } = await callOk<AnswerResult>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'It does, through webhooks.' },
      shopper.token,
    );
    expect(plain.isFounder).toBe(false);

    const founder = await createSellerMember(t.db, product.sellerId);
    const { answer: official } = await callOk<AnswerResult>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Yes, a native Zapier app ships next month.' },
      founder.token,
    );
    expect(official.isFounder).toBe(true);

    // A member of another seller is no founder here.
    const { product: other } = await createDeal(t.db);
    const elsewhere = await createSellerMember(t.db, other.sellerId);
    const { answer: outsider } = await callOk<AnswerResult>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'We use it too.' },
      elsewhere.token,
    );
    expect(outsider.isFounder).toBe(false);

    const page = await callOk<Question>(t.app, 'questions/getQuestion', { id: question.id });
    expect(page).toMatchObject({ answerCount: 3, hasFounderAnswer: true, productSlug: product.slug });
    expect(page.answers.map((a) => a.id)).toEqual([official.id, plain.id, outsider.id]);
    const list = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: product.slug });
    expect(list.total).toBe(2);
    expect(list.items.find((item) => item.id === question.id)?.topAnswer).toMatchObject({
      id: official.id,
      isFounder: true,
    });
  });

  it('lets only the asker accept an answer, which then leads the list', async () => {
    const { product } = await createDeal(t.db);
    const asker = await createUserWithSession(t.db);
    const question = await ask(product.id, asker.token);
    const helper = await createUserWithSession(t.db);
    const { answer } = await callOk<AnswerResult>(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Use the API key from settings.' },
      helper.token,
    );
    // The question page asks who may accept: the asker only.
    expect(await callOk(t.app, 'questions/getMyRole', { id: question.id }, asker.token)).toEqual({ askedByMe: true });
    expect(await callOk(t.app, 'questions/getMyRole', { id: question.id }, helper.token)).toEqual({ askedByMe: false });
    expect((await callApi(t.app, 'questions/getMyRole', { id: question.id })).status).toBe(401);
    expect((await callApi(t.app, 'questions/getMyRole', { id: 2_000_000_000 }, { token: asker.token })).status).toBe(
      404,
    );
    const refused = await callApi(t.app, 'questions/acceptAnswer', { answerId: answer.id }, { token: helper.token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(CommunityMessage.askerOnly);
    const accepted = await callOk<AnswerResult>(t.app, 'questions/acceptAnswer', { answerId: answer.id }, asker.token);
    expect(accepted.answer.isAccepted).toBe(true);
    const list = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: product.slug });
    expect(list.items[0]?.topAnswer).toMatchObject({ id: answer.id, isAccepted: true });
  });

  it('puts the higher id first among questions asked at the same time, page after page', async () => {
    const { product } = await createDeal(t.db);
    const asker = await createUserWithSession(t.db);
    const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    // Asked in this order (ids go up); the last one is hidden and in no page or total.
    const times = [hour(1), hour(2), hour(2), hour(1), hour(2), hour(3)];
    const ids = (
      await t.db
        .insert(questions)
        .values(
          times.map((createdAt, i) => ({
            productId: product.id,
            userId: asker.userId,
            title: `Question ${i}`,
            body: '',
            createdAt,
            hiddenAt: i === times.length - 1 ? new Date() : null,
          })),
        )
        .returning({ id: questions.id })
    ).map((row) => row.id);
    const order = [ids[4], ids[2], ids[1], ids[3], ids[0]];
    const page = (n: number) =>
      callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: product.slug, page: n, pageSize: 2 });
    const pages = await Promise.all([1, 2, 3].map(page));
    expect(pages.flatMap((one) => one.items.map((q) => q.id))).toEqual(order);
    expect(pages.map((one) => one.total)).toEqual([5, 5, 5]);
  });

  it('pages newest first and answers 404 for unknown ids and slugs', async () => {
    const { product } = await createDeal(t.db);
    const asker = await createUserWithSession(t.db);
    for (const n of [1, 2, 3]) await ask(product.id, asker.token, `Question number ${n}?`);
    const page = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: product.slug, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.items.map((q) => q.title)).toEqual(['Question number 3?', 'Question number 2?']);
    const past = await callOk<QuestionList>(t.app, 'questions/getQuestions', { slug: product.slug, page: 9 });
    expect(past).toMatchObject({ items: [], total: 3 });
    expect((await callApi(t.app, 'questions/getQuestion', { id: 2_000_000_000 })).status).toBe(404);
    expect((await callApi(t.app, 'questions/getQuestions', { slug: 'unknown-product-x' })).status).toBe(404);
    const hidden = await createDeal(t.db, { isPublished: false });
    expect(
      (
        await callApi(
          t.app,
          'questions/askQuestion',
          { productId: hidden.product.id, title: 'Hidden deal?' },
          { token: asker.token },
        )
      ).status,
    ).toBe(404);
  });
});
