import type { AdminApplication } from '@everdeal/contracts';
import {
  APPLICATION_REASON_MAX,
  APPLICATION_REASON_MIN,
  ApplicationMessage,
} from '@everdeal/contracts/seller-application-rules';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { TextAreaField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { textError } from '~/lib/field-rules';
import { toFormError } from '~/lib/form-error';
import { formatCount } from '~/lib/format-count';
import { useRejectApplication } from '../api/application-requests';

const reasonError = (reason: string) =>
  textError(reason, {
    required: ApplicationMessage.reasonRequired,
    min: { length: APPLICATION_REASON_MIN, message: ApplicationMessage.reasonTooShort },
    max: { length: APPLICATION_REASON_MAX, message: ApplicationMessage.reasonTooLong },
  });

/**
 * Rejecting an application (requirements §13): the reason is required, since the applicant reads
 * it in the mail and on /launch. A refusal stays in the dialog beside the field.
 */
export function RejectApplicationDialog({ application }: { application: AdminApplication }) {
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const reject = useRejectApplication();

  const changeOpen = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      setReason('');
      setError(undefined);
      setRefusal(null);
    }
  };

  const confirm = async () => {
    const problem = reasonError(reason);
    setError(problem);
    setRefusal(null);
    // Rejecting the promise keeps the dialog open.
    if (problem) throw new Error(problem);
    try {
      await reject.mutateAsync({ applicationId: application.id, reason: reason.trim() });
    } catch (failure) {
      setRefusal(toFormError(failure).message);
      throw failure;
    }
    toast.success(`Rejected the application of ${application.companyName}; they were mailed the reason`);
  };

  return (
    <Modal
      open={isOpen}
      onOpenChange={changeOpen}
      trigger={<Button variant="danger-outline">Reject</Button>}
      title={`Reject ${application.companyName}?`}
      description="The applicant reads your reason in an e-mail and on the launch page, and may apply again."
      confirmLabel="Reject application"
      confirmVariant="danger"
      onConfirm={confirm}
      width={560}
    >
      <div className="space-y-4">
        <TextAreaField
          label="Reason"
          rows={5}
          value={reason}
          error={error}
          hint={`${formatCount(reason.trim().length)} of ${formatCount(APPLICATION_REASON_MAX)} characters, at least ${APPLICATION_REASON_MIN}`}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          onBlur={() => setError(reasonError(reason))}
        />
        {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      </div>
    </Modal>
  );
}
