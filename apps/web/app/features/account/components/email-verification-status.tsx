import CircleCheck from 'lucide-react/icons/circle-check';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import { useState } from 'react';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { type FormError, toFormError } from '~/lib/form-error';
import { useEmailStatus } from '../api/email-status';

/**
 * Decision 027: "Verified", or "Not verified" with a way to mail the link again. Nothing in the
 * store waits for it; the badge says whether the address has been proven.
 */
export function EmailVerificationStatus() {
  const status = useEmailStatus();
  const [isSending, setIsSending] = useState(false);
  const [refusal, setRefusal] = useState<FormError | null>(null);

  if (!status.data) return null;
  if (status.data.isVerified) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 font-medium text-emerald-800 text-xs">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Verified
      </span>
    );
  }

  const resend = async () => {
    setIsSending(true);
    setRefusal(null);
    try {
      await callApi('users/resendVerification', {}, { silent: true });
      toast.success(`We sent a new link to ${status.data?.email}`);
    } catch (error) {
      const failure = toFormError(error);
      // 409: verified meanwhile (another tab opened the link); show it as such.
      if (failure.status === 409) await status.refetch();
      else setRefusal(failure);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-900 text-xs">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        Not verified
      </span>
      <button
        type="button"
        onClick={resend}
        disabled={isSending}
        className="font-semibold text-brand-700 text-xs hover:underline disabled:opacity-60"
      >
        {isSending ? 'Sending…' : 'Resend verification link'}
      </button>
      {refusal ? (
        <span role="alert" className={refusal.tone === 'warning' ? 'text-amber-800 text-xs' : 'text-red-700 text-xs'}>
          {refusal.message}
        </span>
      ) : null}
    </span>
  );
}
