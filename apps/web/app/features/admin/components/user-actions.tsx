import type { AdminUser } from '@everdeal/contracts';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { toast } from '~/components/ui/toast-store';
import { useAdminChange } from '../api/admin-operations';
import { ReasonDialog } from './reason-dialog';
import { StatusBadge } from './status-badge';

// What an admin does to an account (requirements §13, decision 015), on the users list and on a
// user's page alike: grant or revoke admin, deactivate (with a reason for the audit log) or
// reactivate. The server refuses these for the admin's own account; the pages do not offer them.

export function UserBadges({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {user.role === 'admin' ? <StatusBadge tone="brand">Admin</StatusBadge> : null}
      <StatusBadge tone={user.status === 'active' ? 'good' : 'bad'}>
        {user.status === 'active' ? 'Active' : 'Deactivated'}
      </StatusBadge>
    </div>
  );
}

export function UserActions({ user }: { user: AdminUser }) {
  const setStatus = useAdminChange('admin/setUserStatus');
  const setRole = useAdminChange('admin/setUserRole');
  const isAdmin = user.role === 'admin';
  return (
    <div className="flex flex-wrap gap-2">
      <Modal
        trigger={
          <Button size="sm" variant="outline">
            {isAdmin ? 'Remove admin' : 'Make admin'}
          </Button>
        }
        title={isAdmin ? `Remove ${user.email} from the admins?` : `Make ${user.email} an admin?`}
        description={
          isAdmin
            ? 'They lose the admin area at once.'
            : 'They can then publish products, moderate, refund orders and manage users.'
        }
        confirmLabel={isAdmin ? 'Remove admin' : 'Make admin'}
        confirmVariant={isAdmin ? 'danger' : 'primary'}
        onConfirm={async () => {
          await setRole.mutateAsync({ userId: user.id, role: isAdmin ? 'user' : 'admin' });
          toast.success(isAdmin ? `${user.email} is no longer an admin` : `${user.email} is now an admin`);
        }}
      />
      {user.status === 'active' ? (
        <ReasonDialog
          trigger={
            <Button size="sm" variant="danger-outline">
              Deactivate
            </Button>
          }
          title={`Deactivate ${user.email}?`}
          description="They are signed out everywhere and cannot sign in until reactivated; their subscriptions end with the period paid."
          label="Reason (kept in the audit log)"
          confirmLabel="Deactivate"
          isRequired={false}
          onConfirm={async (reason) => {
            await setStatus.mutateAsync({ userId: user.id, status: 'deactivated', reason });
            toast.success(`${user.email} was deactivated`);
          }}
        />
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={setStatus.isPending}
          onClick={() =>
            void setStatus
              .mutateAsync({ userId: user.id, status: 'active' })
              .then(() => toast.success(`${user.email} can sign in again`))
              .catch(() => undefined)
          }
        >
          Reactivate
        </Button>
      )}
    </div>
  );
}
