import type { User } from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Mail from 'lucide-react/icons/mail';
import UserRoundPen from 'lucide-react/icons/user-round-pen';
import { Link } from 'react-router';
import { Avatar } from '~/components/ui/avatar';
import { buttonClasses } from '~/components/ui/button';
import { formatMonth } from '~/lib/format-date';
import { EmailVerificationStatus } from './email-verification-status';

/** /user: who is signed in, and the way to their personal info. */
export function AccountOverview({ user }: { user: User }) {
  const name = displayName(user);
  const since = Number.isNaN(Date.parse(user.createdAt)) ? null : formatMonth(user.createdAt);
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="account-card"
        className="flex flex-col gap-5 rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 sm:flex-row sm:items-center"
      >
        <Avatar name={name} src={user.avatar} />
        <div className="min-w-0 flex-1">
          <h2 id="account-card" className="truncate font-bold text-ink-900 text-xl tracking-tight">
            {name}
          </h2>
          <p className="mt-1 flex min-w-0 items-center gap-1.5 text-ink-500 text-sm">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{user.email}</span>
          </p>
          <div className="mt-1.5">
            <EmailVerificationStatus />
          </div>
          {user.occupation ? <p className="mt-1 text-ink-700 text-sm">{user.occupation}</p> : null}
          {since ? <p className="mt-2 text-ink-500 text-xs">Member since {since}</p> : null}
        </div>
        <Link to="/user/personal-info" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Edit profile
        </Link>
      </section>

      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link
            to="/user/personal-info"
            className="group flex h-full items-start gap-4 rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 transition-shadow hover:ring-brand-300"
          >
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600">
              <UserRoundPen aria-hidden="true" className="size-5" />
            </span>
            <span className="flex-1">
              <span className="block font-semibold text-ink-900">Personal info</span>
              <span className="mt-0.5 block text-ink-500 text-sm">Name, occupation, photo, password and account.</span>
            </span>
            <ChevronRight aria-hidden="true" className="mt-2.5 size-4 text-ink-300 group-hover:text-brand-600" />
          </Link>
        </li>
      </ul>
    </div>
  );
}
