import { pageTitle } from '@everdeal/contracts/constants';
import { useSearchParams } from 'react-router';
import { MailLinkPage } from '~/components/ui/mail-link-page';
import { UnsubscribePanel } from '~/features/waitlist/components/unsubscribe-panel';
import type { Route } from './+types/waitlist-unsubscribe';

// A personal link: never indexed (decision 009).
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Leave the waitlist') },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** `/waitlist/unsubscribe?token=…`, the page of the link in every waitlist mail's footer. */
export default function WaitlistUnsubscribe() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <MailLinkPage title="Leave the waitlist">
      <UnsubscribePanel token={token} />
    </MailLinkPage>
  );
}
