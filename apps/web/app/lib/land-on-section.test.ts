import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landOnSection } from './land-on-section';

/** A page reduced to what landing reads: the section's place, the heading's focus, frames and input. */
function fakePage() {
  let now = 0;
  let frames: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const body = { id: 'body' };
  const page = {
    active: body as object,
    sectionTop: 900,
    scrolls: 0,
    headingShown: true,
  };
  const section = {
    scrollIntoView: () => {
      page.scrolls += 1;
      page.sectionTop = 0;
    },
    getBoundingClientRect: () => ({ top: page.sectionTop }),
  };
  const heading = {
    focus: () => {
      if (page.headingShown) page.active = heading;
    },
  };
  vi.stubGlobal('document', {
    body,
    get activeElement() {
      return page.active;
    },
    getElementById: (id: string) => ({ reviews: section, 'reviews-title': heading })[id] ?? null,
  });
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  });
  vi.stubGlobal('performance', { now: () => now });
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {
    frames = [];
  });
  return {
    page,
    heading,
    listeners,
    /** Runs the next frame, `ms` later. */
    frame(ms = 16) {
      now += ms;
      const due = frames;
      frames = [];
      for (const callback of due) callback();
      return due.length;
    },
  };
}

describe('landOnSection', () => {
  let view: ReturnType<typeof fakePage>;
  beforeEach(() => {
    view = fakePage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the heading to be shown, then scrolls to the section and focuses it', () => {
    view.page.headingShown = false;
    landOnSection('reviews', 'reviews-title');
    expect(view.page.active).not.toBe(view.heading);
    view.page.headingShown = true;
    view.frame();
    expect(view.page.active).toBe(view.heading);
    expect(view.page.sectionTop).toBe(0);
  });

  it('keeps the section in view while parts above it still load and grow the page', () => {
    landOnSection('reviews', 'reviews-title');
    expect(view.page.sectionTop).toBe(0);
    // The plans and the related deals arrive above the reviews: the section is pushed down.
    view.frame(200);
    view.page.sectionTop = 640;
    view.frame();
    expect(view.page.sectionTop).toBe(0);
    expect(view.page.active).toBe(view.heading);
  });

  it('leaves the view to a reader who scrolled, and stops after its time', () => {
    landOnSection('reviews', 'reviews-title');
    view.listeners.get('wheel')?.();
    view.page.sectionTop = 640;
    view.frame();
    expect(view.page.sectionTop).toBe(640);
    expect(view.listeners.size).toBe(0);

    const other = fakePage();
    landOnSection('reviews', 'reviews-title', 1000);
    other.frame(1200);
    other.page.sectionTop = 640;
    expect(other.frame()).toBe(0);
    expect(other.page.sectionTop).toBe(640);
    expect(other.listeners.size).toBe(0);
  });

  it('never takes the focus back from a control the reader chose', () => {
    landOnSection('reviews', 'reviews-title');
    const search = {};
    view.page.active = search;
    view.page.sectionTop = 640;
    view.frame();
    expect(view.page.active).toBe(search);
    expect(view.page.sectionTop).toBe(640);
  });
});
