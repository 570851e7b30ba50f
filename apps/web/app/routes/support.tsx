import { pageTitle } from '@everdeal/contracts/constants';
import { SUPPORT_PATH } from '@everdeal/contracts/paths';
import { SupportPage } from '~/features/support/components/support-page';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/support';

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Support'),
    description:
      'Answers about refunds, license codes, plan upgrades and your Everdeal account, and support tickets for everything else.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: SUPPORT_PATH,
  });

export default function Support() {
  return <SupportPage />;
}
