import { clsx } from 'clsx';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from './button';
import type { ModalProps } from './modal';

/** What `Modal` renders once it first opens: the open state is the wrapper's (modal.tsx). */
export type ModalDialogProps = Omit<ModalProps, 'open' | 'onOpenChange' | 'defaultOpen' | 'trigger'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The dialog on Radix: focus is trapped and returned, Escape and an outside click close it, and
 * the page behind does not scroll while it is open. Defaults follow requirements §9: Cancel and Confirm.
 */
export function ModalDialog({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  children,
  footer,
  cancelLabel = 'Cancel',
  confirmLabel = 'Confirm',
  confirmVariant = 'primary',
  isConfirmDisabled = false,
  onConfirm,
  onCancel,
  width = 480,
  hideTitle = false,
  className,
}: ModalDialogProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  // What had focus when the dialog opened, for a modal opened by something other than its own
  // trigger (Radix returns focus only to a Dialog.Trigger).
  const opener = useRef<HTMLElement | null>(null);

  const setOpen = (next: boolean) => {
    if (!next && isConfirming) return;
    onOpenChange(next);
  };

  const confirm = async () => {
    if (!onConfirm) {
      setOpen(false);
      return;
    }
    const result = onConfirm();
    if (!(result instanceof Promise)) {
      setOpen(false);
      return;
    }
    setIsConfirming(true);
    try {
      await result;
      setIsConfirming(false);
      onOpenChange(false);
    } catch {
      // The caller reports the failure (a toast); the modal stays open so the user can retry.
      setIsConfirming(false);
    }
  };

  const defaultFooter = (
    <>
      <Button
        variant="outline"
        disabled={isConfirming}
        onClick={() => {
          onCancel?.();
          setOpen(false);
        }}
      >
        {cancelLabel}
      </Button>
      <Button variant={confirmVariant} isLoading={isConfirming} disabled={isConfirmDisabled} onClick={confirm}>
        {confirmLabel}
      </Button>
    </>
  );
  const renderedFooter = footer === undefined ? defaultFooter : footer;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          // Without a description Radix expects an explicit undefined instead of a dangling id.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            (returnFocusTo?.current ?? opener.current)?.focus();
          }}
          style={{ maxWidth: `min(${width}px, calc(100vw - 2rem))` }}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-full -translate-x-1/2 -translate-y-1/2 overflow-y-auto',
            'rounded-3xl bg-white p-6 shadow-pop focus:outline-none sm:p-7',
            className,
          )}
        >
          <div className="pr-10">
            <Dialog.Title className={clsx('font-semibold text-ink-900 text-xl tracking-tight', hideTitle && 'sr-only')}>
              {title}
            </Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1.5 text-ink-500 text-sm leading-relaxed">
                {description}
              </Dialog.Description>
            ) : null}
          </div>
          {children ? <div className="mt-5 text-ink-700 text-sm leading-relaxed">{children}</div> : null}
          {renderedFooter ? (
            <div className="mt-7 flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">{renderedFooter}</div>
          ) : null}
          <Dialog.Close
            aria-label="Close"
            disabled={isConfirming}
            className="absolute top-4 right-4 grid size-10 place-items-center rounded-full text-ink-500 transition-colors hover:bg-ink-900/5 hover:text-ink-900 disabled:opacity-40"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
