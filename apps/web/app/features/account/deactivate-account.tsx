import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { clearAuth } from '~/lib/auth-store';

/** Spec §4: deactivation clears the session everywhere; orders stay for the records. */
export function DeactivateAccount() {
  const [isOpen, setIsOpen] = useState(false);
  const navigate = useNavigate();

  const deactivate = async () => {
    // Rejects (and toasts) on failure, which keeps the modal open for another try.
    await callApi('users/deactivateUser');
    clearAuth();
    toast.success('Your account has been deactivated');
    navigate('/', { replace: true });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="max-w-prose text-ink-700 text-sm">
        You will be signed out on every device and can no longer sign in with this e-mail. Your orders are kept for our
        records.
      </p>
      <Modal
        open={isOpen}
        onOpenChange={setIsOpen}
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
        onConfirm={deactivate}
      />
    </div>
  );
}
