import { pageTitle } from '@everdeal/contracts/constants';
import { useLocation } from 'react-router';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { FormSkeleton } from '~/features/community/components/form-skeleton';
import { QuestionForm, ThreadForm } from '~/features/community/components/question-form';
import { ReviewForm } from '~/features/community/components/review-form';
import { loadProductRef } from '~/features/community/load-community';
import { redirectVisitorToLogin, signedInPageHeaders } from '~/shared/session/session-hint';
import type { Route } from './+types/review-form';

/**
 * Requirements §2: `/review/add-comment`, `/review/add-question` and `/review/community-form`,
 * one route module for the three (routes.ts), in the product form layout. The product comes in
 * `?product=<slug>`; a visitor signs in first and comes back (useRequireLogin).
 */
const FORMS = {
  '/review/add-comment': { title: 'Write a review', Form: ReviewForm },
  '/review/add-question': { title: 'Ask a question', Form: QuestionForm },
  '/review/community-form': { title: 'Start a discussion', Form: ThreadForm },
} as const;

function formOf(pathname: string) {
  return FORMS[pathname.replace(/\/$/, '') as keyof typeof FORMS] ?? FORMS['/review/add-comment'];
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const slug = url.searchParams.get('product') ?? '';
  const product = await loadProductRef(context.services, slug || 'missing-product');
  // Decision 017: a visitor is sent to sign in by the server (an unknown product is 404 for all).
  redirectVisitorToLogin({ request, url });
  return { product: { id: product.id, slug: product.slug, name: product.name } };
}

export const headers = signedInPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, location }) => [
  {
    title: pageTitle(loaderData ? `${formOf(location.pathname).title} · ${loaderData.product.name}` : 'Page not found'),
  },
  { name: 'robots', content: 'noindex' },
];

export default function ReviewFormRoute({ loaderData }: Route.ComponentProps) {
  const user = useRequireLogin();
  const { Form } = formOf(useLocation().pathname);
  return user ? <Form product={loaderData.product} /> : <FormSkeleton />;
}
