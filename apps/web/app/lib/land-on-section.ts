/**
 * Brings a page section into view and gives its heading (`tabIndex={-1}`) the focus, once it
 * can take it: after a route change the section may be drawn before it is shown (a lazy part of
 * the page still loading hides it, and a hidden element cannot take focus), so this tries on
 * each frame for a few seconds. It stops as soon as the reader is somewhere else, so it never
 * pulls focus back from a control they chose. Answers a function that stops it.
 */
export function landOnSection(sectionId: string, headingId: string, timeoutMs = 3000): () => void {
  const start = performance.now();
  let frame = 0;
  const tick = () => {
    const heading = document.getElementById(headingId);
    const active = document.activeElement;
    if (active && active !== document.body && active !== heading) return;
    if (heading && active !== heading) {
      document.getElementById(sectionId)?.scrollIntoView();
      heading.focus({ preventScroll: true });
    }
    if (document.activeElement === heading) return;
    if (performance.now() - start < timeoutMs) frame = requestAnimationFrame(tick);
  };
  tick();
  return () => cancelAnimationFrame(frame);
}
