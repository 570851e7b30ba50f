import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { ApiError, callApi } from '~/lib/api-client';
import { clearAuth } from '~/shared/session/auth-store';
import { useAuth } from '~/shared/session/session-provider';

/** What deactivating does, as decision 002 has it: said before the shopper confirms. */
const CONSEQUENCES = [
  'You are logged out on every device, and this e-mail address can no longer log in or open a new account.',
  'Your orders, receipts and license codes stay on record, but you will not see them here any more: copy the codes you have not redeemed yet. Codes you redeemed keep working in the tools you redeemed them in.',
  'Subscriptions end when the period you paid for ends; nothing is charged after that. Refunds and plan changes are no longer possible from the website.',
  'If you joined the affiliate programme, your link stops counting visits; commissions already earned are still approved and paid.',
  'If you speak for a seller, its products stay in the store and its other members keep running them.',
];

const GOOGLE_CONFIRMATION =
  'To confirm, you must have logged in with Google in the last 5 minutes. If it has been longer, log out, log in with Google again and come back here.';

/**
 * Requirements §4, decision 002: deactivation ends every session, keeps the records, and cannot
 * be undone from the website, so the shopper reads what it does, confirms with the password (an
 * account that only logs in with Google confirms with a fresh Google login), and presses a red
 * button. A refusal stays in the dialog beside the field, not in a toast that vanishes.
 */
export function DeactivateAccount() {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { user } = useAuth();
  const hasPassword = user?.hasPassword ?? true;
  const navigate = useNavigate();

  const deactivate = async () => {
    setRefusal(null);
    try {
      await callApi('users/deactivateUser', hasPassword ? { password } : {}, { silent: true });
    } catch (error) {
      // 403: a Google account whose login is older than 5 minutes; the client hides the server's text.
      setRefusal(
        error instanceof ApiError && error.status === 403
          ? GOOGLE_CONFIRMATION
          : error instanceof ApiError && error.status !== null && error.status < 500
            ? error.message
            : 'Your account could not be deactivated. Please try again later.',
      );
      // Rejecting keeps the dialog open for another try.
      throw error;
    }
    clearAuth();
    toast.success('Your account has been deactivated');
    navigate('/', { replace: true });
  };

  const changeOpen = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      setPassword('');
      setRefusal(null);
    }
  };

  return (
    <div className="space-y-4">
      <p className="max-w-prose text-ink-700 text-sm">
        Deactivating cannot be undone from the website: to come back later you would write to{' '}
        <Link to="/contact" className="font-medium text-brand-700 underline">
          support
        </Link>
        .
      </p>
      <Modal
        open={isOpen}
        onOpenChange={changeOpen}
        trigger={<Button variant="danger-outline">Deactivate account</Button>}
        title="Deactivate your account?"
        description="Read what happens first: this cannot be undone from the website."
        confirmLabel="Deactivate account"
        confirmVariant="danger"
        isConfirmDisabled={hasPassword && password === ''}
        onConfirm={deactivate}
        width={560}
      >
        <ul className="list-disc space-y-2 pl-5">
          {CONSEQUENCES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="mt-5 space-y-4">
          {hasPassword ? (
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              revealable
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setRefusal(null);
              }}
            />
          ) : (
            <p className="rounded-xl bg-canvas p-4">{GOOGLE_CONFIRMATION}</p>
          )}
          {refusal ? <FormAlert>{refusal}</FormAlert> : null}
        </div>
      </Modal>
    </div>
  );
}
