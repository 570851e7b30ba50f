import { pageTitle } from '@everdeal/contracts/constants';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { ForgotPasswordDialog } from '~/features/auth/components/forgot-password-dialog';
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';
import type { Route } from './+types/auth-reset-password';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Reset password') },
  { name: 'robots', content: 'noindex' },
];

/** The page of the mailed link `/auth/reset-password?token=…` (requirements §2). */
export default function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [isForgotOpen, setIsForgotOpen] = useState(false);

  const requestNewLink = <ForgotPasswordDialog open={isForgotOpen} onOpenChange={setIsForgotOpen} />;

  if (!token) {
    return (
      <>
        <h1 className="font-bold text-3xl text-ink-900 tracking-tight">Reset password</h1>
        <div role="alert" className="mt-6 flex gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 text-sm">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
          <p>
            This reset link is incomplete: it has no token. Open the link from the e-mail again, or request a new one.
          </p>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button onClick={() => setIsForgotOpen(true)}>Request a new link</Button>
          <Link to="/auth/login" className="font-semibold text-brand-700 text-sm hover:underline">
            Back to login
          </Link>
        </div>
        {requestNewLink}
      </>
    );
  }

  return (
    <>
      <h1 className="font-bold text-3xl text-ink-900 tracking-tight">Choose a new password</h1>
      <p className="mt-2 mb-8 text-ink-500">
        After saving you will log in again; every device logged in to your account is logged out.
      </p>
      <ResetPasswordForm token={token} onSuccess={() => navigate('/auth/login', { replace: true })} />
      <p className="mt-6 text-center text-ink-500 text-sm">
        Link expired?{' '}
        <button
          type="button"
          onClick={() => setIsForgotOpen(true)}
          className="font-semibold text-brand-700 hover:underline"
        >
          Request a new one
        </button>
      </p>
      {requestNewLink}
    </>
  );
}
