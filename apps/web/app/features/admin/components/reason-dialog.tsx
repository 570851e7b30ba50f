import { type ComponentProps, type ReactElement, type ReactNode, useState } from 'react';
import type { ButtonVariant } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { TextAreaField } from '~/components/ui/text-field';

/**
 * The confirmation of an admin action that needs (or takes) a written reason: hiding a post,
 * rejecting a product, refunding, deactivating. `onConfirm` gets the trimmed reason; the dialog
 * stays open while it runs and after it fails (the API client toasts the error).
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  label,
  confirmLabel,
  confirmVariant = 'danger',
  isRequired = true,
  onConfirm,
}: {
  trigger: ReactElement<ComponentProps<'button'>>;
  title: string;
  description?: ReactNode;
  label: string;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  isRequired?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(undefined);
        }
      }}
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      confirmVariant={confirmVariant}
      onConfirm={() => {
        const trimmed = reason.trim();
        if (isRequired && !trimmed) {
          setError('This field is required');
          return Promise.reject(new Error('reason required'));
        }
        return onConfirm(trimmed);
      }}
    >
      <TextAreaField
        label={label}
        value={reason}
        rows={3}
        maxLength={2000}
        required={isRequired}
        error={error}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </Modal>
  );
}
