import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Runs axe on the page once every CSS transition and animation has ended: a dialog that is still
 * fading in has half-transparent text, which axe would report as low contrast.
 */
export async function axeViolations(
  page: Page,
  configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
): Promise<string[]> {
  // At most 3 s: an animation in a product box off screen is paused until the box comes near the
  // viewport (content-visibility: auto) and would never finish.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  const result = await configure(new AxeBuilder({ page })).analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
