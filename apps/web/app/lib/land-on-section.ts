/** What the reader does to go somewhere else on the page: after any of these, the page is theirs. */
const READER_INPUTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Brings a page section into view and gives its heading (`tabIndex={-1}`) the focus, once it
 * can take it: after a route change the section may be drawn before it is shown (a lazy part of
 * the page still loading hides it, and a hidden element cannot take focus), so this tries on
 * each frame for a few seconds. Once landed, it keeps the section where it landed for the rest of
 * that time: lazy parts above it still loading (the plans, the related deals) grew the page and
 * pushed the section out of view under a reader who had not moved (e2e/reviews.spec.ts). It
 * stops as soon as the reader is somewhere else (focus elsewhere, or a wheel, touch, click or key),
 * so it never pulls focus or the view back from where they chose. Answers a function that stops it.
 */
export function landOnSection(sectionId: string, headingId: string, timeoutMs = 3000): () => void {
  const start = performance.now();
  let frame = 0;
  let landedTop: number | null = null;
  let readerMoved = false;
  const onReaderInput = () => {
    readerMoved = true;
  };
  for (const type of READER_INPUTS) window.addEventListener(type, onReaderInput, { capture: true, passive: true });
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_INPUTS) window.removeEventListener(type, onReaderInput, { capture: true });
  };
  const tick = () => {
    const heading = document.getElementById(headingId);
    const section = document.getElementById(sectionId);
    const active = document.activeElement;
    if (readerMoved || (active && active !== document.body && active !== heading)) return stop();
    if (heading && active !== heading) {
      section?.scrollIntoView();
      heading.focus({ preventScroll: true });
      if (document.activeElement === heading && section) landedTop = section.getBoundingClientRect().top;
    } else if (section && landedTop !== null && Math.abs(section.getBoundingClientRect().top - landedTop) > 1) {
      section.scrollIntoView();
      // Where it lands now: near the page's end it may not reach the same place.
      landedTop = section.getBoundingClientRect().top;
    }
    if (performance.now() - start < timeoutMs) frame = requestAnimationFrame(tick);
    else stop();
  };
  tick();
  return stop;
}
