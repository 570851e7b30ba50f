import { pageTitle } from '@everdeal/contracts/constants';
import { SectionCard } from '~/features/account/components/section-card';
import { NotificationSettingsPanel } from '~/features/notifications/components/notification-settings-form';
import type { Route } from './+types/user-notifications';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Notifications') },
  { name: 'robots', content: 'noindex' },
];

/** `/user/notifications` (decision 029): which mails the person gets besides receipts and security mail. */
export default function UserNotifications() {
  return (
    <SectionCard title="Notifications" description="Choose which mails we send you. Changes apply to the next mail.">
      <NotificationSettingsPanel />
    </SectionCard>
  );
}
