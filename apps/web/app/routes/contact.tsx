import { pageTitle } from '@everdeal/contracts/constants';
import { ContactPage, SUPPORT_EMAIL } from '~/features/contact/components/contact-page';
import { requestedSubject } from '~/features/contact/contact-rules';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/contact';

export function loader({ url, context }: Route.LoaderArgs) {
  return { requestedSubject: requestedSubject(url.searchParams), publicUrl: context.publicUrl };
}

// `?subject=` only fills the form in: the canonical URL is /contact whatever the query.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  seoMeta({
    title: pageTitle('Contact'),
    description: `Questions about an order, a license code, a refund or selling on Everdeal? Send us a message or write to ${SUPPORT_EMAIL}; we answer within 1 business day.`,
    publicUrl: loaderData?.publicUrl ?? '',
    path: '/contact',
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactPage requestedSubject={loaderData.requestedSubject} />;
}
