import { describe, expect, it, vi } from 'vitest';
import { createLoginPrompt } from './login-prompt';

describe('login prompt (requirements §4 protected actions)', () => {
  it('runs a protected action at once when logged in', () => {
    const prompt = createLoginPrompt(() => true);
    const action = vi.fn();
    prompt.requireLogin(action);
    expect(action).toHaveBeenCalledOnce();
    expect(prompt.get().isOpen).toBe(false);
  });

  it('opens the modal and runs the pending action after login', () => {
    const prompt = createLoginPrompt(() => false);
    const action = vi.fn();
    prompt.requireLogin(action);
    expect(action).not.toHaveBeenCalled();
    expect(prompt.get()).toEqual({ isOpen: true, tab: 'login' });
    prompt.completeLogin();
    expect(action).toHaveBeenCalledOnce();
    expect(prompt.get().isOpen).toBe(false);
  });

  it('drops the pending action when the modal is closed', () => {
    const prompt = createLoginPrompt(() => false);
    const action = vi.fn();
    prompt.requireLogin(action);
    prompt.closeLoginModal();
    prompt.completeLogin();
    expect(action).not.toHaveBeenCalled();
  });

  it('reopens on the login tab (requirements §2)', () => {
    const prompt = createLoginPrompt(() => false);
    prompt.openLoginModal();
    prompt.setLoginTab('register');
    expect(prompt.get().tab).toBe('register');
    prompt.closeLoginModal();
    expect(prompt.get()).toEqual({ isOpen: false, tab: 'login' });
    prompt.openLoginModal();
    expect(prompt.get().tab).toBe('login');
  });

  it('notifies subscribers', () => {
    const prompt = createLoginPrompt(() => false);
    const listener = vi.fn();
    prompt.subscribe(listener);
    prompt.openLoginModal('register');
    expect(listener).toHaveBeenCalledOnce();
  });
});
