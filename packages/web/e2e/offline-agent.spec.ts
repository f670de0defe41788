import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { MOBILE } from './support/accounts';
import { reloadUnderServiceWorker, startOfflineJourney } from './support/service-worker';

/**
 * The field sales app for an agent (issue 19 point 2): the demo agent keeps the catalogues of two of
 * its customers on the phone (/profile/offline lists its customers with their sync state and size),
 * the connection goes, it sees the first customer's prices, adds a product, switches to the second
 * customer with the shipping-address picker (answered from the stored data), sees that customer's
 * prices of the same product, adds another product; when the connection returns each queued change
 * goes into the cart of the customer it was made for, and the second customer stays the current
 * one. Axe on the page and the banner; screenshots at 390 px in Hungarian and Chinese.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

test.use({ serviceWorkers: 'allow', viewport: MOBILE });

interface Address {
  shippingAddressId: number;
  customerId: number;
  currentShippingAddress: boolean;
  customer: { name: string };
}

interface OfflineItem {
  id: number;
  sku: string;
  currentPrice: number | null;
  stock: number;
  isOrderable: boolean;
  minOrderQuantity: string | null;
  productDetails: { name: string }[];
}

const FIRST = 'Hoa Sen Élelmiszer Kft.';
const SECOND = 'Aranysárkány Kereskedelmi Bt.';
const AGENT = { login: 'agent', password: 'agent123' };

/** The product's dialog (opened by its address, as a link or a scan does) and the price per piece it shows. */
async function shownPrice(page: Page, product: OfflineItem) {
  await page.goto(`/?product=${encodeURIComponent(product.sku)}`);
  const dialog = page.getByRole('dialog', { name: product.productDetails[0]!.name });
  await expect(dialog).toContainText('/ db');
  const text = await dialog.innerText();
  const price = /([\d\s\u00a0\u202f]+Ft) \/ db/.exec(text)?.[1]?.trim();
  expect(price, text).toBeTruthy();
  return { price: price!, dialog };
}

/** Axe, once the shell's loading bar (outside the landmarks while a page loads) is gone. */
async function axeClean(page: Page, only?: string) {
  await expect(page.locator('[role="progressbar"][aria-label]')).toHaveCount(0);
  expect(await axeViolations(page, only ? (axe) => axe.include(only) : undefined)).toEqual([]);
}

/** A screenshot: the whole offline page, the viewport elsewhere (the listing is thousands of px long). */
async function shot(page: Page, name: string) {
  const fullPage = name.includes('-page-');
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage });
}

test('an agent keeps two customers offline, switches between them without a connection, and each cart gets its own changes back online', async ({
  page,
  context,
  request,
}) => {
  const { token, auth } = await startOfflineJourney(page, request, SHOTS, AGENT);
  const addresses = (await (
    await request.get('/api/shipping-addresses', { headers: auth })
  ).json()) as Address[];
  const first = addresses.find((address) => address.customer.name === FIRST)!;
  const second = addresses.find((address) => address.customer.name === SECOND)!;
  expect(first).toBeDefined();
  expect(second).toBeDefined();
  const original = addresses.find((address) => address.currentShippingAddress);
  const choose = async (address: Address) => {
    const answer = await request.post('/api/shipping-addresses/set-current', {
      headers: auth,
      data: { shippingAddressId: address.shippingAddressId },
    });
    expect(answer.ok()).toBe(true);
  };
  const cartOf = async (address: Address) => {
    await choose(address);
    return (await (await request.get('/api/cart', { headers: auth })).json()) as {
      customerId: number;
      cartItems: { quantity: number; product: { sku: string } }[];
    };
  };
  const emptyCarts = async () => {
    for (const address of [second, first]) {
      await choose(address);
      expect((await request.delete('/api/cart/delete', { headers: auth })).ok()).toBe(true);
    }
  };
  await emptyCarts();

  // A product whose price differs between the two customers, and another one.
  const catalogue = async (customerId: number) =>
    (
      (await (
        await request.get(`/api/offline/catalogue?limit=1000&customerId=${customerId}`, { headers: auth })
      ).json()) as { products: OfflineItem[] }
    ).products;
  const ofFirst = await catalogue(first.customerId);
  const ofSecond = new Map((await catalogue(second.customerId)).map((p) => [p.sku, p]));
  const fit = ofFirst.filter(
    (p) =>
      p.isOrderable &&
      p.stock >= 200 &&
      p.minOrderQuantity === null &&
      p.currentPrice !== null &&
      ofSecond.get(p.sku)?.currentPrice != null &&
      ofSecond.get(p.sku)!.currentPrice !== p.currentPrice,
  );
  expect(fit.length).toBeGreaterThanOrEqual(2);
  const [shared, other] = [fit[0]!, fit[1]!];

  try {
    await page.goto('/about-blank-for-token');
    await page.evaluate((value) => localStorage.setItem('access_token', value), token);

    // The prices the server shows each customer, online.
    await choose(second);
    await page.goto('/');
    const priceForSecond = (await shownPrice(page, shared)).price;
    await choose(first);
    await page.goto('/');
    const priceForFirst = (await shownPrice(page, shared)).price;
    expect(priceForFirst).not.toBe(priceForSecond);

    // The offline page lists the agent's customers, none kept yet.
    await page.goto('/profile/offline');
    await expect(page.getByRole('heading', { name: 'Offline katalógus' })).toBeVisible();
    const firstCard = page.getByRole('listitem', { name: FIRST });
    const secondCard = page.getByRole('listitem', { name: SECOND });
    await expect(firstCard).toBeVisible();
    await expect(secondCard).toBeVisible();
    await expect(firstCard.getByTestId('offline-customer-status')).toHaveText(
      'A katalógus még nincs tárolva ezen az eszközön.',
    );
    await expect(firstCard).toContainText('Akinek most rendel');
    await axeClean(page);
    await shot(page, 'offline-agent-page-hu-390');

    // Keep the two customers: one sync after the other, each with its prices and size.
    await firstCard.getByRole('button', { name: `Elérhetővé tétel offline: ${FIRST}` }).click();
    await secondCard.getByRole('button', { name: `Elérhetővé tétel offline: ${SECOND}` }).click();
    for (const card of [firstCard, secondCard]) {
      await expect(card.getByTestId('offline-customer-status')).toContainText('termék tárolva', {
        timeout: 120_000,
      });
      await expect(card).toContainText('A vevő árai: kb.');
    }
    await expect(page.getByTestId('offline-storage')).toContainText('Tárolva: 2 vevő');
    await expect(secondCard.getByRole('button', { name: `Váltás erre a vevőre: ${SECOND}` })).toBeVisible();
    await axeClean(page);
    await shot(page, 'offline-agent-page-stored-hu-390');

    // The service worker controls the page after a reload.
    await reloadUnderServiceWorker(page);

    // No connection: the first customer's prices, under a banner naming it.
    await context.setOffline(true);
    await page.goto('/');
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toContainText(`Offline mód – ${FIRST}`, { timeout: 20_000 });
    const sharedForFirst = await shownPrice(page, shared);
    expect(sharedForFirst.price).toBe(priceForFirst);
    await sharedForFirst.dialog.getByRole('button', { name: 'Kosárba' }).click();
    await expect(banner).toContainText('Elküldésre váró kosármódosítások: 1.');
    await axeClean(page, '[data-testid="offline-banner"]');
    await shot(page, 'offline-agent-first-hu-390');

    // Switch to the second customer with the address picker, still offline.
    await page.keyboard.press('Escape');
    await expect(sharedForFirst.dialog).toBeHidden();
    await page.getByRole('button', { name: 'Szállítási cím' }).click();
    const picker = page.getByRole('dialog', { name: 'Szállítási cím kiválasztása' });
    await Promise.all([
      page.waitForEvent('load'),
      picker
        .getByRole('button', { name: new RegExp(`^Kiválasztás: ${SECOND.replace(/\./g, '\\.')}`) })
        .first()
        .click(),
    ]);
    await expect(banner).toContainText(`Offline mód – ${SECOND}`, { timeout: 20_000 });
    // Its own prices of the same product, and its own (empty) cart.
    expect((await shownPrice(page, shared)).price).toBe(priceForSecond);
    const otherForSecond = await shownPrice(page, other);
    await otherForSecond.dialog.getByRole('button', { name: 'Kosárba' }).click();
    await expect(banner).toContainText('Elküldésre váró kosármódosítások: 2.');
    await shot(page, 'offline-agent-second-hu-390');

    // Back online: each change goes to its customer's cart; the second customer stays current.
    await context.setOffline(false);
    await expect(banner).toBeHidden({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const now = (await (
            await request.get('/api/shipping-addresses', { headers: auth })
          ).json()) as Address[];
          return now.find((address) => address.currentShippingAddress)?.customerId;
        },
        { timeout: 30_000 },
      )
      .toBe(second.customerId);
    const secondCart = await cartOf(second);
    expect(secondCart.customerId).toBe(second.customerId);
    expect(secondCart.cartItems.map((item) => item.product.sku)).toEqual([other.sku]);
    const firstCart = await cartOf(first);
    expect(firstCart.customerId).toBe(first.customerId);
    expect(firstCart.cartItems.map((item) => item.product.sku)).toEqual([shared.sku]);

    // Chinese: the offline page and the banner.
    await choose(second);
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.goto('/profile/offline');
    await expect(page.getByRole('listitem', { name: SECOND })).toContainText('当前下单客户');
    // A new language syncs the kept customers again (names in Chinese): wait until both are stored.
    const syncing = page.getByRole('main').locator('li [role="progressbar"]');
    await expect(syncing.first()).toBeVisible({ timeout: 30_000 });
    await expect(syncing).toHaveCount(0, { timeout: 120_000 });
    for (const name of [FIRST, SECOND]) {
      await expect(page.getByRole('listitem', { name }).getByTestId('offline-customer-status')).toContainText(
        '已保存',
        { timeout: 120_000 },
      );
    }
    await expect(page.getByTestId('offline-storage')).toContainText('已保存：2 个客户');
    await axeClean(page);
    await shot(page, 'offline-agent-page-zh-390');
    await context.setOffline(true);
    await page.goto('/');
    await expect(banner).toContainText(`离线模式 – ${SECOND}`, { timeout: 20_000 });
    await axeClean(page, '[data-testid="offline-banner"]');
    await shot(page, 'offline-agent-home-zh-390');
    await context.setOffline(false);
  } finally {
    await context.setOffline(false);
    await emptyCarts();
    if (original) await choose(original);
  }
});
