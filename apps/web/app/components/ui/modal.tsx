import { clsx } from 'clsx';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useState } from 'react';
import { Button, type ButtonVariant } from './button';

export interface ModalProps {
  /** Controlled open state; leave both out and pass `trigger` for an uncontrolled modal. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  /** An element (usually a Button) that opens the modal. */
  trigger?: ReactNode;
  /**
   * Without `trigger`: the element that opened the modal, which gets focus back when it closes.
   * A lazily loaded modal renders its own button this way (the button is in the first load, the
   * dialog is not).
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Replaces the default Cancel / Confirm footer; `null` renders no footer at all. */
  footer?: ReactNode | null;
  cancelLabel?: string;
  confirmLabel?: string;
  confirmVariant?: ButtonVariant;
  isConfirmDisabled?: boolean;
  /** May return a promise: the confirm button shows a spinner until it settles, then the modal closes. */
  onConfirm?: () => unknown;
  onCancel?: () => void;
  /** Maximum width in px (requirements §9: the forgot-password dialog is 800). */
  width?: number;
  /** Hide the title visually when the content already makes it obvious (it stays for screen readers). */
  hideTitle?: boolean;
  className?: string;
}

/**
 * A dialog on Radix: focus is trapped and returned, Escape and an outside click close it, and
 * the page behind does not scroll while it is open. Defaults follow requirements §9: Cancel and Confirm.
 */
export function Modal({
  open,
  onOpenChange,
  defaultOpen = false,
  trigger,
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
}: ModalProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const [isConfirming, setIsConfirming] = useState(false);
  const isOpen = open ?? uncontrolledOpen;

  const setOpen = (next: boolean) => {
    if (!next && isConfirming) return;
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
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
      if (open === undefined) setUncontrolledOpen(false);
      onOpenChange?.(false);
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
    <Dialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          // Without a description Radix expects an explicit undefined instead of a dangling id.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo) return;
            event.preventDefault();
            returnFocusTo.current?.focus();
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
