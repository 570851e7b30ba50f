import { pageTitle } from '@everdeal/contracts/constants';
import { AuditLogPage } from '~/features/admin/components/audit-log';
import type { Route } from './+types/admin-audit';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Audit log') },
  { name: 'robots', content: 'noindex' },
];

export default function Page() {
  return <AuditLogPage />;
}
