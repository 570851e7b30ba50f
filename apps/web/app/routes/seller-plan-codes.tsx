import { pageTitle } from '@everdeal/contracts/constants';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '~/components/ui/empty-state';
import { PlanCodesPage } from '~/features/seller/components/plan-codes';
import type { Route } from './+types/seller-plan-codes';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('License codes') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  const planId = Number(useParams().planId);
  const pageParam = useSearchParams()[0].get('page') ?? '1';
  const page = /^\d{1,5}$/.test(pageParam) ? Math.min(Math.max(Number(pageParam), 1), 10_000) : 1;
  if (!Number.isInteger(planId) || planId <= 0 || planId > 2_147_483_647) return <EmptyState title="Plan not found" />;
  return <PlanCodesPage key={planId} planId={planId} page={page} />;
}
