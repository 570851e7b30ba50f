import { pageTitle } from '@everdeal/contracts/constants';
import { Link, useSearchParams } from 'react-router';
import { SignInWithLink } from '~/features/auth/components/sign-in-with-link';
import type { Route } from './+types/auth-sign-in-link';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Log in') }, { name: 'robots', content: 'noindex' }];

/** The page of the mailed link `/auth/sign-in-link?token=…` (decision 002). */
export default function SignInLink() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <>
      <h1 className="font-bold text-3xl text-ink-900 tracking-tight">Log in with your link</h1>
      <p className="mt-2 mb-8 text-ink-500">
        Someone tried many passwords on your account, so new devices log in with the link we e-mailed you.
      </p>
      {token ? (
        <SignInWithLink token={token} />
      ) : (
        <p className="text-ink-700 text-sm">
          This link is incomplete: it has no token. Open the link from the e-mail again, or{' '}
          <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
            log in another way
          </Link>
          .
        </p>
      )}
    </>
  );
}
