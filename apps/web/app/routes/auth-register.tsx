import { pageTitle } from '@everdeal/contracts/constants';
import { Link, useSearchParams } from 'react-router';
import { AuthMessage } from '~/features/auth/auth-error';
import { RegisterForm } from '~/features/auth/components/register-form';
import { useReturnAfterLogin } from '~/features/auth/hooks/use-return-after-login';
import type { Route } from './+types/auth-register';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Create account') },
  { name: 'description', content: 'Create your Everdeal account and buy lifetime deals on AI software.' },
];

export default function Register() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  useReturnAfterLogin(redirect);
  const loginHref = redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : '/auth/login';

  return (
    <>
      <h1 className="font-bold text-3xl text-ink-900 tracking-tight">Create your account</h1>
      <p className="mt-2 mb-8 text-ink-500">One account for your deals, license codes and wishlist.</p>
      <RegisterForm
        successMessage={AuthMessage.registerSuccessPage}
        footer={
          <>
            Already have an account?{' '}
            <Link to={loginHref} className="font-semibold text-brand-700 hover:underline">
              Log in
            </Link>
          </>
        }
      />
    </>
  );
}
