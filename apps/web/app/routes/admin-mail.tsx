import { pageTitle } from '@everdeal/contracts/constants';
import { MailOutboxPage } from '~/features/admin/components/mail-outbox';
import type { Route } from './+types/admin-mail';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mail · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <MailOutboxPage />;
}
