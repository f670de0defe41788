/** The shell's main region (`<main id="main-content" tabindex="-1">`). */
export const MAIN_CONTENT_ID = 'main-content';

/** Focus is nowhere: on <body>, e.g. after the focused element was removed from the page. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active === document.documentElement;
}

/**
 * Moves focus to the main region when it was lost, so the next Tab starts from the page and not from
 * the top of the document: after a dialog that opened by itself closes, or after the control that
 * opened a dialog disappeared with the dialog's action (the delete-cart button of an emptied cart).
 */
export function focusMainIfLost(): void {
  if (focusLost()) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}

/**
 * For a dialog's exit transition (`onExited`): focus still inside the closed dialog (nothing to give
 * it back to) or lost moves to the main region, before the dialog leaves the page.
 */
export function focusMainFromClosedDialog(node: HTMLElement): void {
  if (node.contains(document.activeElement) || focusLost())
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
