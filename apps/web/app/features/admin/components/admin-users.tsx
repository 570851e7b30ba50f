import type { AdminUser } from '@everdeal/contracts';
import Users from 'lucide-react/icons/users';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { formatDate } from '~/lib/format-date';
import { useAuth } from '~/shared/session/session-provider';
import { adminUserPath } from '../admin-paths';
import { useUserSearch } from '../api/admin-operations';
import { UserActions, UserBadges } from './user-actions';

/**
 * `/admin/users` (requirements §13): find an account, open its page, deactivate or reactivate it,
 * grant or revoke admin.
 */
export function AdminUsersPage() {
  // The search is the address's `?q=`, so Back from a user's page returns to the same results.
  const [params, setParams] = useSearchParams();
  const submitted = (params.get('q') ?? '').trim().slice(0, 200);
  const [query, setQuery] = useState(submitted);
  const [shown, setShown] = useState(submitted);
  if (shown !== submitted) {
    setShown(submitted);
    setQuery(submitted);
  }
  const users = useUserSearch(submitted);
  const fieldId = useId();
  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    setParams(q ? { q } : {}, { preventScrollReset: true });
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
  const isMe = me?.id === user.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-0 flex-1 basis-56">
        <Link to={adminUserPath(user.id)} className="break-all font-medium text-brand-700 underline">
          {user.email}
        </Link>
        <p className="text-ink-500 text-xs">
          {name || 'No name'} · joined {formatDate(user.createdAt)}
          {isMe ? ' · you' : ''}
        </p>
      </div>
      <UserBadges user={user} />
      {isMe ? null : <UserActions user={user} />}
    </div>
  );
}
