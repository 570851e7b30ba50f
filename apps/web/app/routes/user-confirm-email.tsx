import { pageTitle } from '@everdeal/contracts/constants';
import { Link, useSearchParams } from 'react-router';
import { ConfirmEmailChange } from '~/features/account/components/confirm-email-change';
import { SectionCard } from '~/features/account/components/section-card';
import type { Route } from './+types/user-confirm-email';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Confirm your new e-mail') },
  { name: 'robots', content: 'noindex' },
];

/** The page of the link mailed to a new address, `/user/confirm-email?token=…` (decision 027). */
export default function ConfirmEmail() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <SectionCard title="New e-mail address">
      {token ? (
        <ConfirmEmailChange token={token} />
      ) : (
        <p className="text-ink-700 text-sm">
          This link is incomplete: it has no token. Open the link from the e-mail again, or{' '}
          <Link to="/user/personal-info" className="font-semibold text-brand-700 hover:underline">
            ask for a new one
          </Link>
          .
        </p>
      )}
    </SectionCard>
  );
}
