import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { shopToken } from './support/orders';
import { desktopWithoutOverlays, screenshotsInto, signInWithToken } from './support/screens';

/**
 * Saved order lists (issue 16, docs/product.md §3.11): a customer saves its cart as a list, empties
 * the cart and orders the list again; adds a product from a product box to the list (mouse and
 * keyboard); imports a CSV file of SKU and quantity with a line that is refused; axe on the list
 * pages and the menu; screenshots at 1440 and 390 px in Hungarian and Chinese.
 */

const SHOTS = '/tmp/shots/lists';

/** Signs the demo customer in (without the form) and opens the home page; answers the access token. */
async function logIn(page: Page): Promise<string> {
  const token = await shopToken(page.request);
  await signInWithToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toBeVisible();
  return token;
}

const screenshots = screenshotsInto(SHOTS, { fitWidth: true });

/** The cart's lines as the server has them: SKU → pieces. */
async function cartLines(page: Page, token: string): Promise<Map<string, number>> {
  const answer = await page.request.get('/api/cart', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const cart = (await answer.json()) as { cartItems: { quantity: number; product: { sku: string } }[] };
  return new Map(cart.cartItems.map((item) => [item.product.sku, item.quantity]));
}

/** Enter on the focused `button` opens its menu, Escape closes it and focus returns to the button. */
async function menuByKeyboard(page: Page, button: Locator): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
}

test.beforeEach(desktopWithoutOverlays);

test('save the cart as a list, empty the cart, order the list again; add from a product box; import a file', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const token = await logIn(page);
  await page.request.delete('/api/cart/delete', { headers: { authorization: `Bearer ${token}` } });

  // Two products into the cart from the listing.
  await page.goto('/');
  const orderable = page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Kosárba', disabled: false }) });
  await expect(orderable.first()).toBeVisible();
  const [first, second, third, fourth] = await Promise.all(
    [0, 1, 2, 3].map(async (index) => (await orderable.nth(index).getAttribute('data-sku')) ?? ''),
  );
  const skus = [first!, second!];
  for (const sku of skus) {
    const box = page.locator(`article[data-sku="${sku}"]`);
    await box.getByRole('button', { name: 'Kosárba' }).click();
    await expect(box.getByText(/^Kosárban: /)).toBeVisible();
  }
  const inCart = await cartLines(page, token);
  expect([...inCart.keys()].sort()).toEqual([...skus].sort());

  // Save the cart as a list: the new list opens with the cart's lines and today's prices.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Kosár mentése listaként' }).click();
  const nameDialog = page.getByRole('dialog', { name: 'Kosár mentése listaként' });
  await nameDialog.getByRole('textbox', { name: 'Név' }).fill(`Hétfői rendelés ${Date.now() % 100000}`);
  const listName = await nameDialog.getByRole('textbox', { name: 'Név' }).inputValue();
  await nameDialog.getByRole('button', { name: 'Mentés' }).click();
  await expect(page).toHaveURL(/\/profile\/order-lists\/\d+$/);
  const listUrl = page.url();
  await expect(page.getByRole('heading', { level: 2, name: listName })).toBeVisible();
  const table = page.getByRole('table', { name: listName });
  for (const sku of skus) {
    const row = table.locator(`tr[data-sku="${sku}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByRole('spinbutton')).toHaveValue(String(inCart.get(sku)));
    await expect(row.getByText('Rendelhető')).toBeVisible();
  }
  await expect(page.getByText(/Rendelhető tételek bruttó összesen: [\d\s]+\sFt/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Empty the cart.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Kosár ürítése' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Kosár ürítése' }).click();
  await expect(page.getByText('A kosarat kiürítettük.')).toBeVisible();
  expect((await cartLines(page, token)).size).toBe(0);

  // Order the list again from the profile's lists.
  await page.goto('/profile/order-lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Rendelési listák' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: listName }).click();
  await expect(page).toHaveURL(listUrl);
  await page.getByRole('button', { name: 'Lista megrendelése (kosárba)' }).click();
  const report = page.getByRole('dialog', { name: `Kosárba tett tételek: ${listName}` });
  await expect(report.getByTestId('cart-addition-report')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await report.getByRole('link', { name: 'Tovább a kosárhoz' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  expect(await cartLines(page, token)).toEqual(inCart);

  // Add a third product from its product box: the menu names the list.
  await page.goto('/');
  const box = page.locator(`article[data-sku="${third}"]`);
  await box.getByRole('button', { name: /hozzáadása rendelési listához$/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: listName })).toBeVisible();
  expect(await axeViolations(page, (axe) => axe.include('[role="menu"]'))).toEqual([]);
  await menu.getByRole('menuitem', { name: listName }).click();
  await expect(page.getByText(`listára került.`, { exact: false })).toBeVisible();

  // The same with the keyboard for the fourth: Enter opens the menu, Escape closes it and focus returns.
  const fourthButton = page
    .locator(`article[data-sku="${fourth}"]`)
    .getByRole('button', { name: /hozzáadása rendelési listához$/ });
  await menuByKeyboard(page, fourthButton);

  // Import a CSV file: a header row, the fourth product, an unknown code.
  await page.goto(listUrl);
  await expect(table.locator(`tr[data-sku="${third}"]`)).toBeVisible();
  await page.getByTestId('order-list-file').setInputFiles({
    name: 'lista.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Cikkszám;Mennyiség\r\n${fourth};3\r\nNINCS-ILYEN-123;2\r\n`, 'utf8'),
  });
  const result = page.getByTestId('import-result');
  await expect(result.getByText('Listára került sorok: 1')).toBeVisible();
  await expect(result.getByText(/3\. sor \(NINCS-ILYEN-123\)/)).toBeVisible();
  await expect(table.locator(`tr[data-sku="${fourth}"]`).getByRole('spinbutton')).toHaveValue('3');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'order-list-hu');
  await page.goto('/profile/order-lists');
  await expect(page.getByRole('link', { name: listName })).toBeVisible();
  await screenshots(page, 'order-lists-hu');

  // Chinese.
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.goto(listUrl);
  await expect(page.getByRole('button', { name: '订购此清单（加入购物车）' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'order-list-zh');
  await page.goto('/profile/order-lists');
  await expect(page.getByRole('heading', { level: 1, name: '订货清单' })).toBeVisible();
  await screenshots(page, 'order-lists-zh');
  await page.goto('/');
  await page
    .locator(`article[data-sku="${third}"]`)
    .getByRole('button', { name: /加入订货清单$/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await screenshots(page, 'add-to-list-menu-zh');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
});

test('move a line from one saved list to another: its pieces join the other list’s line', async ({
  page,
}) => {
  const token = await logIn(page);
  const headers = { authorization: `Bearer ${token}` };
  const listing = (await (
    await page.request.get('/api/products/all?productsPerPage=100', { headers })
  ).json()) as { products: { sku: string; isOrderable: boolean; currentPrice: number | null }[] };
  const [first, second] = listing.products
    .filter((product) => product.isOrderable && product.currentPrice !== null)
    .map((product) => product.sku);
  expect(second, 'two orderable products').toBeDefined();
  const stamp = Date.now();
  const create = async (name: string, items: { sku: string; quantity: number }[]) => {
    const answer = await page.request.post('/api/order-lists', { headers, data: { name, items } });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as {
      id: number;
      lines: { product: { sku: string; productDetails: { name: string }[] } }[];
    };
  };
  const monday = await create(`Hétfő ${stamp}`, [
    { sku: first!, quantity: 4 },
    { sku: second!, quantity: 2 },
  ]);
  const friday = await create(`Péntek ${stamp}`, [{ sku: first!, quantity: 1 }]);
  const firstName = monday.lines.find((line) => line.product.sku === first)!.product.productDetails[0]!.name;

  await page.goto(`/profile/order-lists/${monday.id}`);
  const row = page.locator(`tr[data-sku="${first}"]`);
  await row.getByRole('button', { name: `${firstName} áthelyezése másik listára` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: `Péntek ${stamp}` })).toBeVisible();
  // The list it is on is not offered.
  await expect(menu.getByRole('menuitem', { name: `Hétfő ${stamp}` })).toHaveCount(0);
  await expect(menu).toHaveAccessibleName(`${firstName} áthelyezése ide:`);
  expect(await axeViolations(page, (axe) => axe.include('[role="menu"]'))).toEqual([]);
  await screenshots(page, 'move-to-list-menu-hu');
  await menu.getByRole('menuitem', { name: `Péntek ${stamp}` }).click();
  await expect(page.getByText(`${firstName} átkerült ide: Péntek ${stamp}.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.locator(`tr[data-sku="${second}"]`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const target = (await (await page.request.get(`/api/order-lists/${friday.id}`, { headers })).json()) as {
    lines: { quantity: number; product: { sku: string } }[];
  };
  expect(target.lines.map((line) => [line.product.sku, line.quantity])).toEqual([[first, 5]]);

  // The keyboard: the menu opens from the button, Escape closes it and gives the focus back.
  const moveSecond = page
    .locator(`tr[data-sku="${second}"]`)
    .getByRole('button', { name: /áthelyezése másik listára$/ });
  await menuByKeyboard(page, moveSecond);
});
