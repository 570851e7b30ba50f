// Dialogs opened from code (the login modal from any protected action, the search overlay from
// its button or the "/" key) have no Radix Trigger, so Radix cannot know where focus came from
// and drops it on <body> when they close. Keyboard and screen-reader users would lose their
// place: these two functions give focus back to the control that opened the dialog.

let opener: HTMLElement | null = null;

/** Call just before opening a dialog from code. */
export function rememberOpener() {
  if (typeof document === 'undefined') return;
  const active = document.activeElement;
  opener = active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Radix `onCloseAutoFocus` handler: focus returns to the opener while it is still on the page. */
export function returnFocusToOpener(event: Event) {
  const target = opener;
  opener = null;
  if (!target?.isConnected) return;
  event.preventDefault();
  target.focus();
}
