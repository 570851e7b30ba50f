import { BRAND_NAME } from '@everdeal/contracts';
import { answers, products, questions, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import type { CommunityDeps } from './community-shared';

// Who hears of a question (decision 011): the product's seller when it is asked, its asker when
// someone answers it. Sent after the write is committed; a mail that fails is logged and the
// question or answer stands.

const questionUrl = (brand: MailBrand, slug: string, id: number) =>
  `${brand.publicUrl}/products/${slug}/question/${id}`;

/** A new question: the product's seller members are mailed. */
export function mailNewQuestion(deps: CommunityDeps, questionId: number): void {
  void (async () => {
    const [row] = await deps.db
      .select({
        productId: products.id,
        productName: products.name,
        slug: products.slug,
        title: questions.title,
        body: questions.body,
        askerEmail: users.email,
      })
      .from(questions)
      .innerJoin(products, eq(products.id, questions.productId))
      .innerJoin(users, eq(users.id, questions.userId))
      .where(eq(questions.id, questionId));
    if (!row) return;
    deps.onQuestionAsked({ ...row, url: questionUrl(deps.brand, row.slug, questionId) });
  })().catch((error: unknown) => deps.log.error({ err: error }, 'new question mail failed'));
}

export function answerMail(
  to: { email: string; firstName: string },
  answer: { productName: string; title: string; body: string; isFounder: boolean; url: string },
  brand: MailBrand,
): MailMessage {
  return {
    to: to.email,
    subject: `Your question about ${answer.productName} has a new answer`,
    link: answer.url,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `${answer.isFounder ? `The ${answer.productName} team` : `A ${BRAND_NAME} member`} answered your question “${answer.title}”:`,
        ],
        quote: answer.body,
        action: { label: 'Read the answers', url: answer.url },
        afterAction: ['If an answer solved it, mark it as accepted so other shoppers find it first.'],
      },
      brand,
    ),
  };
}

/** A new answer: the question's asker is mailed, unless they answered it themselves. */
export function mailAnswer(deps: CommunityDeps, answerId: number): void {
  void (async () => {
    const [row] = await deps.db
      .select({
        questionId: questions.id,
        askerId: questions.userId,
        answererId: answers.userId,
        title: questions.title,
        body: answers.body,
        isFounder: answers.isFounder,
        productName: products.name,
        slug: products.slug,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .innerJoin(products, eq(products.id, questions.productId))
      .where(eq(answers.id, answerId));
    if (!row || row.askerId === row.answererId) return;
    const [asker] = await deps.db
      .select({ email: users.email, firstName: users.firstName, status: users.status })
      .from(users)
      .where(eq(users.id, row.askerId));
    if (asker?.status !== 'active') return;
    deps.mailer.sendInBackground(
      answerMail(asker, { ...row, url: questionUrl(deps.brand, row.slug, row.questionId) }, deps.brand),
    );
  })().catch((error: unknown) => deps.log.error({ err: error }, 'answer mail failed'));
}
