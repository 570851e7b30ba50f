import { COMMUNITY_PAGE_SIZE } from '@everdeal/contracts/community-messages';
import { pageTitle } from '@everdeal/contracts/constants';
import { productQuestionsPath, questionFormPath } from '@everdeal/contracts/paths';
import HelpCircle from 'lucide-react/icons/circle-question-mark';
import { data, Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Pagination } from '~/components/ui/pagination';
import { pageCountOf, parsePage } from '~/features/community/community-params';
import { toQuestionView } from '~/features/community/community-views';
import { CommunityPage } from '~/features/community/components/community-page';
import { QuestionCard } from '~/features/community/components/question-card';
import { loadProductRef } from '~/features/community/load-community';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/product-questions';

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const page = parsePage(url.searchParams);
  const product = await loadProductRef(context.services, params.slug, url);
  const list = await context.services.getQuestions({ slug: product.slug, page, pageSize: COMMUNITY_PAGE_SIZE });
  if (page > 1 && list.items.length === 0) throw data(null, { status: 404 });
  return { product, page, total: list.total, questions: list.items.map(toQuestionView), publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { product, page, publicUrl } = loaderData;
  return seoMeta({
    title: pageTitle(`${product.name} questions${page > 1 ? `, page ${page}` : ''}`),
    description: `Questions about ${product.name}, answered by its founder and buyers on Everdeal.`,
    publicUrl,
    path: productQuestionsPath(product.slug, page),
  });
};

export default function ProductQuestions({ loaderData }: Route.ComponentProps) {
  const { product, page, total, questions } = loaderData;
  return (
    <CommunityPage
      product={product}
      section="Questions"
      title={`Questions about ${product.name}`}
      subtitle={`${total} ${total === 1 ? 'question' : 'questions'}`}
      action={
        <Link to={questionFormPath(product.slug)} className={buttonClasses({ variant: 'primary' })}>
          Ask a question
        </Link>
      }
    >
      {questions.length === 0 ? (
        <EmptyState icon={HelpCircle} title="No questions yet" description="Be the first to ask the founder." />
      ) : (
        questions.map((question) => (
          <QuestionCard key={question.id} question={question} slug={product.slug} headingLevel="h2" />
        ))
      )}
      <Pagination
        page={page}
        pageCount={pageCountOf(total)}
        hrefFor={(target) => productQuestionsPath(product.slug, target)}
      />
    </CommunityPage>
  );
}
