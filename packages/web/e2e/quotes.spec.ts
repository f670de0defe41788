import { expect, test } from '@playwright/test';
import { adminLogIn } from './support/admin';
import { axeViolations } from './support/axe';
import { chooseCheckoutByApi, fillCartByApi, shopToken } from './support/orders';
import { desktopWithoutOverlays, screenshotsInto, signInWithToken } from './support/screens';

/**
 * Quotes (issue 16, points 1-4): a customer asks for a quote from its cart, staff answer it in the
 * back office with a price of their own, the customer accepts it and the order is placed at the
 * quoted price. axe on the cart's dialog, the quote page and the back office's answer form;
 * screenshots at 1440 and 390 px in Hungarian and Chinese.
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

const screenshots = screenshotsInto(SHOTS, { prefix: 'quotes-', fitWidth: true, animations: true });

test.beforeEach(desktopWithoutOverlays);

test('ask for a quote from the cart, answer it in the back office, accept it: the order is at the quoted price', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await shopToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const sku = await fillCartByApi(request, token, { cartons: 2 });
  // The checkout choices the accepted quote's order uses: personal pickup, the first payment method.
  await chooseCheckoutByApi(request, token);
  const cartBefore = (await (await request.get('/api/cart', { headers })).json()) as {
    cartItems: { quantity: number; product: { sku: string } }[];
  };
  const pieces = cartBefore.cartItems.find((item) => item.product.sku === sku)!.quantity;

  await signInWithToken(page, token);

  // The cart: "Ask for a quote", a message and a wished day.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Árajánlatot kérek' }).click();
  const dialog = page.getByRole('dialog', { name: 'Árajánlatkérés' });
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel('Üzenet (például mennyiség, csomagolás, határidő)')
    .fill('Kérünk árat a két kartonra.');
  expect(await axeViolations(page, (builder) => builder.include('[role="dialog"]'))).toEqual([]);
  await dialog.getByRole('button', { name: 'Ajánlatkérés elküldése' }).click();
  await page.waitForURL(/\/profile\/quotes\/\d+$/);
  const quoteId = Number(/\/profile\/quotes\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText('Válaszra vár').first()).toBeVisible();
  // The cart is empty now.
  const cartAfter = (await (await request.get('/api/cart', { headers })).json()) as { cartItems: unknown[] };
  expect(cartAfter.cartItems).toEqual([]);

  // The back office: the inbox filtered to requested quotes, the quote, a price of 1 234,50 Ft.
  await adminLogIn(page);
  await page.goto('/admin/quotes?status=requested');
  await page.getByRole('link', { name: `#${quoteId}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `${quoteId}. árajánlat` })).toBeVisible();
  await page.getByLabel(`Darabár (Ft, bruttó) ${sku}`).fill('1234,50');
  await page.getByLabel('Üzenet a vevőnek').fill('Két kartonra különár.');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Ajánlat elküldése' }).click();
  await expect(page.getByText('Ajánlat elküldve').first()).toBeVisible();
  await screenshots(page, 'admin-hu');

  // The customer accepts at the quoted price.
  await page.goto(`/profile/quotes/${quoteId}`);
  await expect(page.getByText('Ajánlat érkezett').first()).toBeVisible();
  await expect(page.getByText('Két kartonra különár.')).toBeVisible();
  const offered = (await (await request.get(`/api/quotes/${quoteId}`, { headers })).json()) as {
    totalGross: number;
  };
  expect(offered.totalGross).toBe(123450 * pieces);
  await expect(page.getByTestId('quote-total')).toContainText('Ft');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'offer-hu');
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByText('已收到报价').first()).toBeVisible();
  await screenshots(page, 'offer-zh');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.reload();

  await page.getByRole('button', { name: 'Elfogadom és megrendelem' }).click();
  await expect(page.getByTestId('quote-ordered')).toBeVisible();
  const orderId = Number(
    /(\d+)\. számú rendelés/.exec((await page.getByTestId('quote-ordered').textContent()) ?? '')![1],
  );
  const history = (await (await request.get('/api/orders/history', { headers })).json()) as {
    orderId: number;
    lines: { sku: string; quantity: number; unitPrice: number }[];
  }[];
  const order = history.find((item) => item.orderId === orderId);
  expect(order?.lines).toEqual([expect.objectContaining({ sku, quantity: pieces, unitPrice: 123450 })]);
  await screenshots(page, 'accepted-hu');

  // The order history shows it.
  await page.getByRole('link', { name: 'Megnézem a rendeléseim között' }).click();
  await expect(page.getByText(String(orderId)).first()).toBeVisible();
});
