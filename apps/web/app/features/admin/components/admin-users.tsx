import type { AdminUser } from '@everdeal/contracts';
import Users from 'lucide-react/icons/users';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { formatDate } from '~/lib/format-date';
import { useAuth } from '~/shared/session/session-provider';
import { useAdminChange, useUserSearch } from '../api/admin-operations';
import { ReasonDialog } from './reason-dialog';
import { StatusBadge } from './status-badge';

/** `/admin/users` (requirements §13): find an account, deactivate or reactivate it, grant or revoke admin. */
export function AdminUsersPage() {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const users = useUserSearch(submitted);
  const fieldId = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(query.trim());
  };
  return (
    <section aria-labelledby="admin-users-heading">
      <h2 id="admin-users-heading" className="font-bold text-ink-900 text-xl">
        Users
      </h2>
      <form onSubmit={search} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={fieldId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            E-mail or name
          </label>
          <input
            id={fieldId}
            type="search"
            value={query}
            required
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <Button type="submit">Find users</Button>
      </form>
      <div className="mt-6">
        {submitted === '' ? (
          <p className="text-ink-600 text-sm">Type part of an e-mail address or a name.</p>
        ) : users.isPending ? (
          <SkeletonText lines={5} />
        ) : users.isError ? (
          <FormAlert>
            We could not search the users.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void users.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : users.data.users.length === 0 ? (
          <EmptyState icon={Users} title="No users found" description={`Nothing matches “${submitted}”.`} />
        ) : (
          <ul className="divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
            {users.data.users.map((user) => (
              <li key={user.id} className="p-4">
                <UserRow user={user} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const me = useAuth().user;
  const setStatus = useAdminChange('admin/setUserStatus');
  const setRole = useAdminChange('admin/setUserRole');
  const isMe = me?.id === user.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const isAdmin = user.role === 'admin';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="break-all font-medium text-ink-900">{user.email}</p>
        <p className="text-ink-500 text-xs">
          {name || 'No name'} · joined {formatDate(user.createdAt)}
          {isMe ? ' · you' : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {isAdmin ? <StatusBadge tone="brand">Admin</StatusBadge> : null}
        <StatusBadge tone={user.status === 'active' ? 'good' : 'bad'}>
          {user.status === 'active' ? 'Active' : 'Deactivated'}
        </StatusBadge>
      </div>
      {isMe ? null : (
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
      )}
    </div>
  );
}
