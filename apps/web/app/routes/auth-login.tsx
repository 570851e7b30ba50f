import { pageTitle } from '@everdeal/contracts/constants';
import { Link, useSearchParams } from 'react-router';
import { SignInForm } from '~/features/auth/components/sign-in-form';
import { useReturnAfterLogin } from '~/features/auth/hooks/use-return-after-login';
import type { Route } from './+types/auth-login';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Login') },
  { name: 'description', content: 'Log in to Everdeal to see your deals, license codes, wishlist and cart.' },
];

export default function Login() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  useReturnAfterLogin(redirect);
  const registerHref = redirect ? `/auth/register?redirect=${encodeURIComponent(redirect)}` : '/auth/register';

  return (
    <>
      <h1 className="font-bold text-3xl text-ink-900 tracking-tight">Log in to Everdeal</h1>
      <p className="mt-2 mb-8 text-ink-500">Welcome back. Your deals, license codes and wishlist are waiting.</p>
      <SignInForm
        footer={
          <>
            New to Everdeal?{' '}
            <Link to={registerHref} className="font-semibold text-brand-700 hover:underline">
              Create an account
            </Link>
          </>
        }
      />
    </>
  );
}
