/**
 * Takes the reader to what a submit found wrong: an invalid field or a form's error message.
 * At 375 px it is often above the screen (or under the sticky header) while the finger is on the
 * button at the bottom, so it is brought to the middle of the view first and then focused, so a
 * screen reader reads it where a sighted reader sees it (docs/requirements.md §5, "A form's
 * errors").
 */
export function revealAndFocus(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}
