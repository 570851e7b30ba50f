import { pageTitle } from '@everdeal/contracts/constants';
import { AuditLogPage } from '~/features/admin/components/audit-log';
import type { Route } from './+types/admin-audit';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Audit log · Admin') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AuditLogPage />;
}
