import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';
import { ApiError, callApi } from '~/lib/api-client';
import { startSession } from '~/shared/session/session';
import { AuthMessage } from '../auth-error';

/**
 * The mailed sign-in link of decision 002 (sent when an account is under attack). The link is
 * used only when the visitor presses the button: mail scanners that open links must not spend it.
 */
export function SignInWithLink({ token }: { token: string }) {
  const navigate = useNavigate();
  const [isSigningIn, setIsSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = async () => {
    setIsSigningIn(true);
    try {
      const result = await callApi('users/loginWithLink', { token }, { silent: true });
      startSession(result);
      toast.success(AuthMessage.loginSuccess);
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status !== null && error.status < 500
          ? error.message
          : AuthMessage.loginFailed,
      );
      setIsSigningIn(false);
    }
  };

  if (failure) {
    return (
      <>
        <div role="alert" className="flex gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 text-sm">
          <CircleAlert aria-hidden="true" className="size-5 shrink-0 text-amber-600" />
          <p>{failure}</p>
        </div>
        <p className="mt-6 text-ink-500 text-sm">
          Links work once and for 15 minutes.{' '}
          <Link to="/auth/login" className="font-semibold text-brand-700 hover:underline">
            Back to login
          </Link>
        </p>
      </>
    );
  }
  return (
    <Button size="lg" className="w-full" isLoading={isSigningIn} onClick={signIn}>
      Log in
    </Button>
  );
}
