import { useSyncExternalStore } from 'react';
import { authStore } from './auth-store';
import { rememberOpener } from './focus-return';

export type LoginTab = 'login' | 'register';
export type LoginPromptState = { isOpen: boolean; tab: LoginTab };
type Action = () => unknown;

const CLOSED: LoginPromptState = Object.freeze({ isOpen: false, tab: 'login' });

/**
 * The login modal's state and the protected action waiting for it (spec §4): a protected
 * action runs at once when logged in, otherwise after a successful login or registration.
 * Closing the modal drops it, and the modal always reopens on the login tab (spec §2).
 */
export function createLoginPrompt(isLoggedIn: () => boolean) {
  let state: LoginPromptState = CLOSED;
  let pending: Action | null = null;
  const listeners = new Set<() => void>();

  const set = (next: LoginPromptState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const open = (tab: LoginTab = 'login') => {
    if (!state.isOpen) rememberOpener();
    set({ isOpen: true, tab });
  };
  const close = () => {
    pending = null;
    if (state !== CLOSED) set(CLOSED);
  };

  return {
    getState: () => state,
    getServerState: () => CLOSED,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    openLoginModal: open,
    closeLoginModal: close,
    setLoginTab(tab: LoginTab) {
      if (state.isOpen && state.tab !== tab) set({ isOpen: true, tab });
    },
    requireLogin(action: Action, tab: LoginTab = 'login') {
      if (isLoggedIn()) {
        action();
        return;
      }
      pending = action;
      open(tab);
    },
    /** Called after a successful login, registration or Google sign-in. */
    completeLogin() {
      const action = pending;
      close();
      action?.();
    },
  };
}

export const loginPrompt = createLoginPrompt(() => authStore.getSnapshot().isLoggedIn);
export const { openLoginModal, closeLoginModal, setLoginTab, requireLogin, completeLogin } = loginPrompt;

export function useLoginPrompt(): LoginPromptState {
  return useSyncExternalStore(loginPrompt.subscribe, loginPrompt.getState, loginPrompt.getServerState);
}

let fetchLoginModal: () => void = () => {};

/** The login modal is a lazy chunk; its host (features/auth/login-modal-host) says how to fetch it. */
export function registerLoginModalPreload(preload: () => void) {
  fetchLoginModal = preload;
}

/** Hover or focus on a control that opens the login modal: start downloading its code. */
export function preloadLoginModal() {
  fetchLoginModal();
}
