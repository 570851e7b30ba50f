import { TOAST_DEFAULT_DURATION_MS } from '@everdeal/contracts/constants';

// Spec §2 "Toast" and §9: five types, six placements, auto-close after 3000 ms by default.
export type ToastType = 'success' | 'warning' | 'info' | 'error' | 'primary';
export type ToastPlacement = 'top' | 'top-left' | 'top-right' | 'bottom' | 'bottom-left' | 'bottom-right';

export const TOAST_TYPES: readonly ToastType[] = ['success', 'warning', 'info', 'error', 'primary'];
export const TOAST_PLACEMENTS: readonly ToastPlacement[] = [
  'top',
  'top-left',
  'top-right',
  'bottom',
  'bottom-left',
  'bottom-right',
];
export const DEFAULT_TOAST_PLACEMENT: ToastPlacement = 'top';

export type ToastOptions = {
  placement?: ToastPlacement;
  /** Milliseconds before it closes itself; 0 or Infinity keeps it until dismissed. */
  duration?: number;
  /** Reuse an id to replace a toast that is already shown instead of stacking a copy. */
  id?: string;
};

export type ToastInput = ToastOptions & { type: ToastType; message: string };

export type ToastItem = {
  id: string;
  type: ToastType;
  message: string;
  placement: ToastPlacement;
  duration: number;
  createdAt: number;
};

type Listener = () => void;

const EMPTY: readonly ToastItem[] = [];
let toasts: readonly ToastItem[] = EMPTY;
const listeners = new Set<Listener>();
let counter = 0;

function emit() {
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

/** The server renders no toasts: they only ever come from browser events. */
export function getServerToasts(): readonly ToastItem[] {
  return EMPTY;
}

function show({ type, message, placement = DEFAULT_TOAST_PLACEMENT, duration, id }: ToastInput): string {
  counter += 1;
  const toastId = id ?? `toast-${counter}`;
  const item: ToastItem = {
    id: toastId,
    type,
    message,
    placement,
    duration: duration ?? TOAST_DEFAULT_DURATION_MS,
    createdAt: Date.now(),
  };
  toasts = [...toasts.filter((t) => t.id !== toastId), item];
  emit();
  return toastId;
}

function dismiss(id: string): void {
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function clear(): void {
  if (toasts.length === 0) return;
  toasts = EMPTY;
  emit();
}

const byType = (type: ToastType) => (message: string, options?: ToastOptions) => show({ ...options, type, message });

/**
 * The imperative toast API, callable from anywhere (event handlers, the API client's error
 * hook, plain modules). Every call returns the toast's id for `toast.dismiss(id)`.
 */
export const toast = {
  show,
  success: byType('success'),
  error: byType('error'),
  warning: byType('warning'),
  info: byType('info'),
  primary: byType('primary'),
  dismiss,
  clear,
};
