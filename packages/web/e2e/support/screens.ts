import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { captureScreenshot, DESKTOP, MOBILE, withoutOverlays } from './accounts';

/** The elements that reach past the right edge of the window (the page scrolls sideways). */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((element) => element.getBoundingClientRect().width > 0)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`),
  );
}

/**
 * A journey's screenshots: `shoot(page, name)` saves the page at 1440 and 390 px as
 * `${dir}/${prefix}${name}-1440.png` and `-390.png` (full page, or with `fullPage: false` the window
 * only, what a visitor sees first; animations stopped unless `animations` is true) and leaves the
 * window at 1440 px. With `fitWidth`, the page must not be
 * wider than the window at either size (a table's own scroll box may be); the failure names the
 * elements that reach past the edge.
 */
export function screenshotsInto(
  dir: string,
  {
    prefix = '',
    fitWidth = false,
    animations = false,
    fullPage = true,
  }: { prefix?: string; fitWidth?: boolean; animations?: boolean; fullPage?: boolean } = {},
): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    mkdirSync(dir, { recursive: true });
    for (const [suffix, size] of [
      ['1440', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(400);
      if (fitWidth) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${name} at ${suffix}: ${(await overflowing(page)).join(' | ')}`).toBeLessThanOrEqual(
          size.width,
        );
      }
      await captureScreenshot(page, {
        path: `${dir}/${prefix}${name}-${suffix}.png`,
        fullPage,
        ...(animations ? {} : { animations: 'disabled' as const }),
      });
    }
    await page.setViewportSize(DESKTOP);
  };
}

/**
 * Signs the page in to the shop with `token` (and nothing else: a back-office token it held is
 * dropped) in `language`, without the login form: for journeys about something after the login.
 */
export async function signInWithToken(page: Page, token: string, language = 'hu'): Promise<void> {
  await page.goto('/about-blank-for-token');
  await page.evaluate(
    ([value, lang]) => {
      localStorage.removeItem('admin_access_token');
      localStorage.setItem('access_token', value);
      localStorage.setItem('language', lang);
    },
    [token, language] as const,
  );
}

/** A journey's start (for `test.beforeEach`): the window at 1440 px, the news pop-ups and the cookie notice out of the way. */
export async function desktopWithoutOverlays({ page }: { page: Page }): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await withoutOverlays(page);
}

/**
 * Waits until the page's finite animations have ended (spinners run forever and are not waited for):
 * a fading dialog is half transparent in a screenshot or to axe. At most 3 s, because one in a
 * product box off screen is paused until the box comes near the viewport (content-visibility: auto)
 * and would never finish.
 */
export async function settleFiniteAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
          .map((animation) => animation.finished),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
}
