import { expect, test, type Locator, type Page } from '@playwright/test';

/** What the focused element looks like, for the keyboard journeys. */
export interface FocusInfo {
  /** A short description: tag, role, accessible text. */
  description: string;
  /** The element matches :focus-visible. */
  focusVisible: boolean;
  /** The element, or the control it belongs to, shows a focus indicator (outline, ring or border). */
  indicator: string | null;
  /** Focus is on <body> (lost). */
  onBody: boolean;
}

/**
 * Describes the focused element and how its focus is shown: its own outline or box-shadow, the
 * outline of the MUI radio or checkbox around a focused native input, or the thick border (outlined
 * field) or underline (standard field) of the MUI input around a focused text field.
 */
export function focusInfo(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body || element === document.documentElement) {
      return { description: 'body', focusVisible: false, indicator: null, onBody: true };
    }
    const html = element as HTMLElement;
    const text = (
      html.getAttribute('aria-label') ??
      html.getAttribute('title') ??
      html.innerText ??
      (html as HTMLInputElement).value ??
      ''
    )
      .trim()
      .slice(0, 60);
    const description = `${element.tagName.toLowerCase()}${
      element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''
    }${element.getAttribute('type') ? `[type=${element.getAttribute('type')}]` : ''} "${text}"`;
    const ring = (target: Element, pseudo?: string): string | null => {
      const style = getComputedStyle(target, pseudo);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2)
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      if (style.boxShadow && style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return null;
    };
    let indicator = ring(element);
    if (!indicator && element instanceof HTMLInputElement && /^(radio|checkbox)$/.test(element.type)) {
      const control = element.closest('.MuiButtonBase-root');
      if (control) indicator = ring(control);
    }
    if (!indicator && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
      const root = element.closest('.MuiInputBase-root');
      // Mui-focused comes with React; :focus-within also covers a field focused before hydration.
      if (root && (root.classList.contains('Mui-focused') || root.matches(':focus-within'))) {
        const outline = root.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
        if (outline && parseFloat(getComputedStyle(outline).borderTopWidth) >= 2) {
          indicator = `field border ${getComputedStyle(outline).borderTopWidth} ${getComputedStyle(outline).borderTopColor}`;
        } else if (!outline) {
          const after = getComputedStyle(root, '::after');
          if (after.content !== 'none' && after.transform !== 'matrix(0, 0, 0, 1, 0, 0)')
            indicator = `underline ${after.borderBottomWidth} ${after.borderBottomColor}`;
        }
      }
    }
    return { description, focusVisible: element.matches(':focus-visible'), indicator, onBody: false };
  });
}

/** Fails unless focus is on an element (not lost to <body>) that matches :focus-visible and shows it. */
export async function expectVisibleFocus(page: Page): Promise<FocusInfo> {
  const info = await focusInfo(page);
  expect(info.onBody, 'focus was lost to <body>').toBe(false);
  expect(info.focusVisible, `${info.description} does not match :focus-visible`).toBe(true);
  expect(info.indicator, `${info.description} shows no focus indicator`).not.toBeNull();
  return info;
}

async function isFocused(target: Locator): Promise<boolean> {
  // evaluateAll does not wait for the locator to match: no match is simply "not focused".
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/**
 * Presses Tab (or Shift+Tab) until the target has focus, checking at every stop on the way that
 * focus is visible. Fails after `max` presses. Returns the stops passed.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 80 }: { backwards?: boolean; max?: number } = {},
): Promise<string[]> {
  const stops: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const info = await focusInfo(page);
    stops.push(info.description);
    await test.step(`stops: ${stops.slice(-4).join(' → ')}`, () => expectVisibleFocus(page), { box: true });
    if (await isFocused(target)) return stops;
  }
  throw new Error(
    `not reached by ${backwards ? 'Shift+Tab' : 'Tab'} in ${max} presses: ${stops.join(' → ')}`,
  );
}

/** Expects the target to have focus now. */
export async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target), { timeout: 5_000 }).toBe(true);
}
