import { pageTitle } from '@everdeal/contracts/constants';
import { LaunchPage } from '~/features/seller-applications/components/launch-page';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/launch';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Launch your AI product'),
    description:
      'Launch your AI product on Everdeal: reach buyers who pay up front, keep 70% of every sale, paid monthly once the refund window closes.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/launch',
  });

export default function Launch() {
  return <LaunchPage />;
}
