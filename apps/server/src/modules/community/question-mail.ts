import { BRAND_NAME } from '@everdeal/contracts';
import { answers, products, questions, type Tx, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { greetingFor, type MailBrand, renderMail } from '../../lib/mail-layout';
import type { MailMessage } from '../../lib/mailer';
import { type NotificationParts, notificationMail, queueMail } from '../mail';
import type { CommunityDeps } from './community-shared';

// Who hears of a question (decision 011): the product's seller when it is asked, its asker when
// someone answers it. Queued in the transaction of the question or answer (decision 029); the
// answer mail is a `communityReplies` notification, so an asker who turned it off gets none.

const questionUrl = (brand: MailBrand, slug: string, id: number) =>
  `${brand.publicUrl}/products/${slug}/question/${id}`;

/** A new question, in the transaction that stores it: the product's seller members' mails are queued. */
export async function queueNewQuestionMails(deps: CommunityDeps, tx: Tx, questionId: number, at: Date) {
  const [row] = await tx
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
  if (!row) return [];
  return deps.onQuestionAsked(tx, { id: questionId, ...row, url: questionUrl(deps.brand, row.slug, questionId) }, at);
}

export function answerMail(
  to: { email: string; firstName: string },
  answer: { productName: string; title: string; body: string; isFounder: boolean; url: string },
  brand: MailBrand,
  parts: NotificationParts,
): MailMessage {
  return {
    to: to.email,
    subject: `Your question about ${answer.productName} has a new answer`,
    link: answer.url,
    headers: parts.headers,
    ...renderMail(
      {
        greeting: greetingFor(to.firstName),
        paragraphs: [
          `${answer.isFounder ? `The ${answer.productName} team` : `A ${BRAND_NAME} member`} answered your question “${answer.title}”:`,
        ],
        quote: answer.body,
        action: { label: 'Read the answers', url: answer.url },
        afterAction: ['If an answer solved it, mark it as accepted so other shoppers find it first.'],
        unsubscribe: parts.unsubscribe,
      },
      brand,
    ),
  };
}

/**
 * A new answer, in the transaction that stores it: the question's asker is mailed, unless they
 * answered it themselves, are no longer active or turned replies off.
 */
export async function queueAnswerMail(deps: CommunityDeps, tx: Tx, answerId: number, at: Date): Promise<string[]> {
  const [row] = await tx
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
  if (!row || row.askerId === row.answererId) return [];
  const [asker] = await tx
    .select({ email: users.email, firstName: users.firstName, status: users.status })
    .from(users)
    .where(eq(users.id, row.askerId));
  if (asker?.status !== 'active') return [];
  const url = questionUrl(deps.brand, row.slug, row.questionId);
  const mail = await notificationMail(
    tx,
    {
      key: `question-answer:${answerId}:${row.askerId}`,
      kind: 'question-answer',
      to: asker.email,
      userId: row.askerId,
      topic: 'communityReplies',
    },
    deps.brand,
    (parts) => answerMail(asker, { ...row, url }, deps.brand, parts),
  );
  return queueMail(tx, mail ? [mail] : [], at);
}
