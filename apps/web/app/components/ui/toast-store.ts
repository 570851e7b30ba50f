import { TOAST_DEFAULT_DURATION_MS } from '@everdeal/contracts/constants';
import { createStore, type ReadableStore } from '~/lib/create-store';

// Requirements §2 "Toast" and §9: five types, six placements, auto-close after 3000 ms by default.
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

const EMPTY: readonly ToastItem[] = [];
// The server renders no toasts: they only ever come from browser events.
const list = createStore(EMPTY, { serverState: EMPTY });
/** The toasts on screen, for the toaster; the functions below change them. */
export const toasts: ReadableStore<readonly ToastItem[]> = list;
let counter = 0;

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
  list.set((current) => [...current.filter((t) => t.id !== toastId), item]);
  return toastId;
}

function dismiss(id: string): void {
  list.set((current) => (current.some((t) => t.id === id) ? current.filter((t) => t.id !== id) : current));
}

function clear(): void {
  list.set(EMPTY);
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
