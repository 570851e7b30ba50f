import {
  type ComponentProps,
  cloneElement,
  type ReactElement,
  type ReactNode,
  type RefObject,
  Suspense,
  useRef,
  useState,
} from 'react';
import { lazyWithPreload } from '~/lib/lazy';
import type { ButtonVariant } from './button';

export interface ModalProps {
  /** Controlled open state; leave both out and pass `trigger` for an uncontrolled modal. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  /** A button element (usually a Button) that opens the modal. */
  trigger?: ReactElement<ComponentProps<'button'>>;
  /**
   * Without `trigger`: the element that gets focus back when the modal closes. Left out, it is
   * whatever had focus when the modal opened.
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

/** Radix Dialog and the dialog's markup load when a modal first opens, or on its trigger's hover or focus. */
const ModalDialog = lazyWithPreload(() => import('./modal-dialog').then((module) => module.ModalDialog));
const preloadDialog = () => void ModalDialog.preload();

/**
 * A modal dialog (modal-dialog.tsx). Decision 006: dialogs are lazy, so a page's first load holds only
 * this wrapper and the trigger, which carries what Radix's Dialog.Trigger would give it
 * (`aria-haspopup`, `aria-expanded`, `data-state`); Radix and the dialog arrive on first use.
 */
export function Modal({ open, onOpenChange, defaultOpen = false, trigger, returnFocusTo, ...dialog }: ModalProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const isOpen = open ?? uncontrolledOpen;
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };

  return (
    <>
      {trigger ? withTriggerProps(trigger, { ref: triggerRef, isOpen, open: () => setOpen(true) }) : null}
      {hasOpened ? (
        <Suspense fallback={null}>
          <ModalDialog
            {...dialog}
            open={isOpen}
            onOpenChange={setOpen}
            returnFocusTo={returnFocusTo ?? (trigger ? triggerRef : undefined)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The trigger with what Radix's `Dialog.Trigger asChild` gave it, its own handlers kept and run
 * first (Radix's Slot did the same, at 1.4 KB gzip on every page with a modal).
 */
function withTriggerProps(
  trigger: ReactElement<ComponentProps<'button'>>,
  { ref, isOpen, open }: { ref: RefObject<HTMLButtonElement | null>; isOpen: boolean; open: () => void },
) {
  const own = trigger.props;
  const props: ComponentProps<'button'> & { 'data-state': string } = {
    ref,
    'aria-haspopup': 'dialog',
    'aria-expanded': isOpen,
    'data-state': isOpen ? 'open' : 'closed',
    onClick: (event) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) open();
    },
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      preloadDialog();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      preloadDialog();
    },
  };
  return cloneElement(trigger, props);
}
