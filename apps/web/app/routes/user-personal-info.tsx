import type { User } from '@everdeal/contracts';
import { pageTitle } from '@everdeal/contracts/constants';
import { useOutletContext } from 'react-router';
import { AvatarUpload } from '~/features/account/components/avatar-upload';
import { ChangeEmailForm } from '~/features/account/components/change-email-form';
import { ChangePasswordForm } from '~/features/account/components/change-password-form';
import { DeactivateAccount } from '~/features/account/components/deactivate-account';
import { ProfileForm } from '~/features/account/components/profile-form';
import { SectionCard } from '~/features/account/components/section-card';
import { nameInvitation } from '~/features/account/name-invitation';
import type { Route } from './+types/user-personal-info';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Personal info') },
  { name: 'robots', content: 'noindex' },
];

export default function PersonalInfo() {
  const { user } = useOutletContext<{ user: User }>();
  return (
    <div className="space-y-6">
      <SectionCard title="Photo" description="Shown on your reviews, questions and in the header.">
        <AvatarUpload user={user} />
      </SectionCard>
      <SectionCard title="Personal info" description={nameInvitation(user)}>
        {/* A fresh form when the stored profile changes (saved here or refreshed from the server). */}
        <ProfileForm key={`${user.firstName}\u0000${user.lastName}\u0000${user.occupation}`} user={user} />
      </SectionCard>
      <SectionCard
        title="E-mail address"
        description="You log in with it and receive your receipts and codes there. A new address takes over once you open the link we mail to it."
      >
        <ChangeEmailForm user={user} />
      </SectionCard>
      <SectionCard
        title="Password"
        description={user.hasPassword ? 'Changing it logs you out on your other devices.' : undefined}
      >
        {user.hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <p className="rounded-xl bg-canvas p-4 text-ink-700 text-sm">
            You log in with Google, so this account has no password to change. Manage your login security in your Google
            account.
          </p>
        )}
      </SectionCard>
      <SectionCard title="Deactivate account" tone="danger">
        <DeactivateAccount />
      </SectionCard>
    </div>
  );
}
