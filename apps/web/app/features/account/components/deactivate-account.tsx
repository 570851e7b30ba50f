import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { clearAuth, useAuth } from '~/shared/session/auth-store';

/**
 * Requirements §4: deactivation clears the session everywhere; orders stay for the records. The
 * server asks for the password (decision 002); an account that only signs in with Google has
 * none and confirms with a recent sign-in instead.
 */
export function DeactivateAccount() {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { user } = useAuth();
  const hasPassword = user?.hasPassword ?? true;
  const navigate = useNavigate();

  const deactivate = async () => {
    // Rejects (and toasts the server's message) on failure, which keeps the modal open for another try.
    await callApi('users/deactivateUser', hasPassword ? { password } : {});
    clearAuth();
    toast.success('Your account has been deactivated');
    navigate('/', { replace: true });
  };

  const changeOpen = (open: boolean) => {
    setIsOpen(open);
    if (!open) setPassword('');
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="max-w-prose text-ink-700 text-sm">
        You will be signed out on every device and can no longer sign in with this e-mail. Your orders are kept for our
        records.
      </p>
      <Modal
        open={isOpen}
        onOpenChange={changeOpen}
        trigger={
          <Button
            variant="outline"
            className="shrink-0 border-red-300 text-red-700 hover:border-red-400 hover:bg-red-50"
          >
            Deactivate account
          </Button>
        }
        title="Deactivate your account?"
        description="This signs you out everywhere and cannot be undone from the website."
        confirmVariant="primary"
        isConfirmDisabled={hasPassword && password === ''}
        onConfirm={deactivate}
      >
        {hasPassword ? (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            revealable
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <p className="text-ink-700 text-sm">
            To confirm, you must have signed in with Google in the last 5 minutes. If it has been longer, sign out, sign
            in with Google again and come back here.
          </p>
        )}
      </Modal>
    </div>
  );
}
