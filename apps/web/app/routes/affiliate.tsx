import { AFFILIATE_COMMISSION_PERCENT, pageTitle } from '@everdeal/contracts/constants';
import { AFFILIATE_PATH } from '@everdeal/contracts/paths';
import { AffiliatePage } from '~/features/affiliates/components/affiliate-page';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/affiliate';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Affiliate programme'),
    description: `Join the Everdeal affiliate programme: share any AI deal and earn ${AFFILIATE_COMMISSION_PERCENT}% of the orders your links bring.`,
    publicUrl: loaderData?.publicUrl ?? '',
    path: AFFILIATE_PATH,
  });

export default function Affiliate() {
  return <AffiliatePage />;
}
