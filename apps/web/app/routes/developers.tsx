import { pageTitle } from '@everdeal/contracts/constants';
import { DevelopersPage } from '~/features/developers/components/developers-page';
import { licensingSections } from '~/features/developers/sections/licenses-section';
import { WebhooksDocs } from '~/features/seller-webhooks/components/webhooks-docs';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/developers';

// Decision 032: public, so a seller can read what the API does before applying, and the
// examples carry this store's own address.

export function loader({ context }: Route.LoaderArgs) {
  return { publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Developer guide'),
    description:
      'How sellers check, activate and list the license codes their buyers got on Everdeal, and hear of every change by signed webhooks: API keys, calls, events, signatures.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/developers',
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <DevelopersPage
      intro={
        <p>
          Your app can ask Everdeal about the license codes your buyers got: whether a code is valid, mark it activated,
          and list every code you sold. The answers are the same state buyers see on their order pages. Signed webhooks
          tell your app at once when a code is bought, refunded, changed or activated.
        </p>
      }
      sections={[
        ...licensingSections(loaderData.publicUrl),
        { id: 'webhooks', title: 'Webhooks', body: <WebhooksDocs /> },
      ]}
    />
  );
}
