import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe on the page once every CSS transition and animation has ended: a dialog that is still
 * fading in has half-transparent text, which axe would report as low contrast. A violation found is
 * checked again once the page has settled once more, and reported when it is still there.
 */
export async function axeViolations(
  page: Page,
  configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
): Promise<string[]> {
  const settle = () =>
    // At most 3 s: an animation in a product box off screen is paused until the box comes near the
    // viewport (content-visibility: auto) and would never finish.
    page.evaluate(() =>
      Promise.race([
        Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]),
    );
  await settle();
  let result = await configure(new AxeBuilder({ page })).analyze();
  if (result.violations.length > 0) {
    // A control that was enabled again while axe ran (a button that follows a background sync's busy
    // state) is caught mid-transition, its colour half-way: what holds once it has settled counts.
    await settle();
    result = await configure(new AxeBuilder({ page })).analyze();
  }
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
