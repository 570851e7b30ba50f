import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore } from './create-store';

describe('createStore', () => {
  it('gets, sets by value or updater, and notifies subscribers of real changes only', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(2);
    store.set((current) => current + 1);
    expect(store.get()).toBe(3);
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.set(4);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('computes a lazy initial state on the first read only', () => {
    const read = vi.fn(() => 'from storage');
    const store = createStore(read, { serverState: 'unknown' });
    expect(read).not.toHaveBeenCalled();
    expect(store.getServerState()).toBe('unknown');
    expect(read).not.toHaveBeenCalled();
    expect(store.get()).toBe('from storage');
    expect(store.get()).toBe('from storage');
    expect(read).toHaveBeenCalledOnce();
  });

  it('without a server state, the server renders the state itself', () => {
    expect(createStore(['a']).getServerState()).toEqual(['a']);
  });

  it('useStore renders the server state on the server, selected when asked', () => {
    const store = createStore(() => ({ count: 5 }), { serverState: { count: 0 } });
    function Count() {
      return <span>{useStore(store, (state) => state.count)}</span>;
    }
    function Whole() {
      return <span>{useStore(store).count}</span>;
    }
    expect(renderToString(<Count />)).toBe('<span>0</span>');
    expect(renderToString(<Whole />)).toBe('<span>0</span>');
  });
});
