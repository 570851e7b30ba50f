import { pageTitle } from '@everdeal/contracts/constants';
import { WAITLIST_PATH } from '@everdeal/contracts/paths';
import { WaitlistPage } from '~/features/waitlist/components/waitlist-page';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/waitlist';

export async function loader({ context }: Route.LoaderArgs) {
  const { categories } = await context.services.getCategories();
  return {
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Join the waitlist'),
    description:
      'Join the Everdeal waitlist for upcoming lifetime deals on AI software: one short mail when a new deal goes live in the categories you choose.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: WAITLIST_PATH,
  });

export default function Waitlist({ loaderData }: Route.ComponentProps) {
  return <WaitlistPage categories={loaderData.categories} />;
}
