import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { MailLinkPage } from '~/components/ui/mail-link-page';
import { NotificationUnsubscribePanel } from '~/features/notifications/components/notification-unsubscribe-panel';
import type { Route } from './+types/unsubscribe';

// A personal link: never indexed (decision 029, like the waitlist's in decision 009).
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Unsubscribe') },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** `/unsubscribe?token=…`, the page of the unsubscribe link in every notification mail's footer. */
export default function Unsubscribe() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <MailLinkPage title="Unsubscribe">
      <NotificationUnsubscribePanel token={token} />
    </MailLinkPage>
  );
}
