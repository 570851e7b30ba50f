import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { SellerQuestions } from '~/features/seller/components/seller-inbox';
import type { SellerContext } from '~/features/seller/components/seller-shell';
import type { Route } from './+types/seller-questions';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Questions to answer') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <SellerQuestions {...useOutletContext<SellerContext>()} />;
}
