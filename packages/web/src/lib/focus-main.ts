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

/**
 * A button that is busy (MUI's `loading` disables it) drops the focus of the keyboard user who
 * pressed it: a disabled element cannot keep focus. This watches for the focused element becoming
 * disabled and, when it is enabled again, gives focus back to it if focus went nowhere meanwhile
 * (<body>, or the dialog around it that caught it). Returns the function that stops watching.
 */
export function keepFocusThroughBusyControls(root: Document = document): () => void {
  let lastFocused: Element | null = null;
  let busy: HTMLElement | null = null;
  const onFocusIn = (event: FocusEvent) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target;
      if (!(target instanceof HTMLElement)) continue;
      if (target.hasAttribute('disabled')) {
        if (target === lastFocused) busy = target;
      } else if (target === busy) {
        busy = null;
        const active = root.activeElement;
        const caught = active instanceof HTMLElement && active !== target && active.contains(target);
        if (target.isConnected && (focusLost() || caught)) target.focus({ preventScroll: true });
      }
    }
  });
  root.addEventListener('focusin', onFocusIn);
  observer.observe(root, { attributes: true, attributeFilter: ['disabled'], subtree: true });
  return () => {
    root.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
