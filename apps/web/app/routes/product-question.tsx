import { pageTitle } from '@everdeal/contracts/constants';
import { productQuestionPath, productQuestionsPath } from '@everdeal/contracts/paths';
import { data } from 'react-router';
import { parseId } from '~/features/community/community-params';
import { toAnswerView, toQuestionView } from '~/features/community/community-views';
import { AnswerForm } from '~/features/community/components/answer-form';
import { AcceptAnswerButton, ReportButton } from '~/features/community/components/community-actions';
import { CommunityPage } from '~/features/community/components/community-page';
import { PlainText, PostMeta } from '~/features/community/components/post-parts';
import { AnswerCard } from '~/features/community/components/question-card';
import { orNotFound } from '~/features/community/load-community';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product-question';

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const question = await orNotFound(context.services.getQuestion({ id }));
  // A question lives under its own product's URL only.
  if (question.productSlug !== params.slug) throw data(null, { status: 404 });
  return {
    product: { slug: question.productSlug, name: question.productName },
    question: toQuestionView(question),
    answers: question.answers.map(toAnswerView),
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, question, publicUrl } = loaderData;
  return seoMeta({
    title: pageTitle(`${question.title} · ${product.name}`),
    description: `${question.answerCount} ${question.answerCount === 1 ? 'answer' : 'answers'} about ${product.name} on Everdeal.`,
    publicUrl,
    path: productQuestionPath(product.slug, question.id),
  });
};

export default function ProductQuestion({ loaderData }: Route.ComponentProps) {
  const { product, question, answers } = loaderData;
  return (
    <CommunityPage
      product={product}
      section="Questions"
      sectionHref={productQuestionsPath(product.slug)}
      title={question.title}
      subtitle={<PostMeta author={question.authorName} postedOn={question.postedOn} />}
    >
      {question.body ? <PlainText text={question.body} /> : null}
      <div className="-ml-3">
        <ReportButton target="question" id={question.id} />
      </div>
      <section aria-labelledby="answers-title" className="space-y-3">
        <h2 id="answers-title" className="font-bold text-ink-900 text-xl">
          {answers.length === 0 ? 'No answers yet' : `${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}`}
        </h2>
        {answers.map((answer) => (
          <div key={answer.id}>
            <AnswerCard answer={answer} />
            <div className="-ml-3 flex flex-wrap gap-1">
              {answer.isAccepted ? null : <AcceptAnswerButton questionId={question.id} answerId={answer.id} />}
              <ReportButton target="answer" id={answer.id} />
            </div>
          </div>
        ))}
      </section>
      <div className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5">
        <AnswerForm questionId={question.id} />
      </div>
    </CommunityPage>
  );
}
