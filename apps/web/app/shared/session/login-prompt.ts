import { createStore, useStore } from '~/lib/create-store';
import { rememberOpener } from '~/lib/focus-return';
import { authStore } from './auth-store';

export type LoginTab = 'login' | 'register';
export type LoginPromptState = { isOpen: boolean; tab: LoginTab };
type Action = () => unknown;

const CLOSED: LoginPromptState = Object.freeze({ isOpen: false, tab: 'login' });

/**
 * The login modal's state and the protected action waiting for it (requirements §4): a protected
 * action runs at once when logged in, otherwise after a successful login or registration.
 * Closing the modal drops it, and the modal always reopens on the login tab (requirements §2).
 */
export function createLoginPrompt(isLoggedIn: () => boolean) {
  const state = createStore(CLOSED);
  let pending: Action | null = null;

  const open = (tab: LoginTab = 'login') => {
    if (!state.get().isOpen) rememberOpener();
    state.set({ isOpen: true, tab });
  };
  const close = () => {
    pending = null;
    state.set(CLOSED);
  };

  return {
    get: state.get,
    subscribe: state.subscribe,
    getServerState: state.getServerState,
    openLoginModal: open,
    closeLoginModal: close,
    setLoginTab(tab: LoginTab) {
      if (state.get().isOpen && state.get().tab !== tab) state.set({ isOpen: true, tab });
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

export const loginPrompt = createLoginPrompt(() => authStore.get().isLoggedIn);
export const { openLoginModal, closeLoginModal, setLoginTab, requireLogin, completeLogin } = loginPrompt;

export function useLoginPrompt(): LoginPromptState {
  return useStore(loginPrompt);
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
