import { pageTitle } from '@everdeal/contracts/constants';
import { Link, useSearchParams } from 'react-router';
import { VerifyEmail } from '~/features/auth/components/verify-email';
import type { Route } from './+types/auth-verify-email';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Verify your e-mail') },
  { name: 'robots', content: 'noindex' },
];

/** The page of the mailed verification link `/auth/verify-email?token=…` (decision 027). */
export default function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <>
      <h1 className="mb-8 font-bold text-3xl text-ink-900 tracking-tight">Verify your e-mail</h1>
      {token ? (
        <VerifyEmail token={token} />
      ) : (
        <p className="text-ink-700 text-sm">
          This link is incomplete: it has no token. Open the link from the e-mail again, or{' '}
          <Link to="/user" className="font-semibold text-brand-700 hover:underline">
            send a new one from your account
          </Link>
          .
        </p>
      )}
    </>
  );
}
