import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy';

const Component = () => null;

describe('lazyWithPreload', () => {
  it('downloads once however often it is preloaded', async () => {
    const load = vi.fn(async () => Component);
    const Lazy = lazyWithPreload(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('forgets a failed download so the next attempt fetches again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Component);
    const Lazy = lazyWithPreload(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toEqual({ default: Component });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
