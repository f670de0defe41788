import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './support/accounts';
import { adminApiToken, adminLogIn } from './support/admin';
import { axeViolations } from './support/axe';
import { desktopWithoutOverlays, screenshotsInto } from './support/screens';

/**
 * Issue 17 points 5-6: staff create an assortment in the back office (a main category and one SKU
 * of another category) and assign it to the demo customer; the customer browses and searches and
 * sees only its products; a product outside answers not found. The assortment is deleted at the
 * end, so the journeys after this one see the whole catalogue again.
 */

const SHOTS = '/tmp/shots/assortments';
const CUSTOMER = { email: 'customer@example.com', password: 'customer123' };
const NAME = `Étterem választék ${Date.now()}`;

interface Category {
  slug: string;
  name: string;
  productCount: number;
  children: { slug: string }[];
}
interface ProductLite {
  sku: string;
  productDetails: { name: string }[];
}

test.describe.configure({ timeout: 180_000 });

test.beforeEach(desktopWithoutOverlays);

/** The window (what a visitor sees first) at 1440 and 390 px: /tmp/shots/assortments/<name>-<language>-<width>.png. */
const shoot = screenshotsInto(SHOTS, { fullPage: false });

async function productsOf(request: APIRequestContext, slug: string, token?: string): Promise<ProductLite[]> {
  const answer = await request.get(
    `/api/products/all?currentPage=1&productsPerPage=100&mainCategorySlug=${slug}`,
    {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    },
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { products: ProductLite[] }).products;
}

async function deleteAssortment(request: APIRequestContext): Promise<void> {
  const token = await adminApiToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/admin/assortments', { headers });
  for (const row of (await list.json()) as { id: number; name: string }[]) {
    if (row.name === NAME) {
      expect((await request.delete(`/api/admin/assortments/${row.id}`, { headers })).ok()).toBe(true);
    }
  }
}

test('staff assign an assortment; the customer browses and searches only its products', async ({ page }) => {
  // Two main categories of the demo catalogue: the first is included whole, of the second only one SKU.
  const tree = await page.request.get('/api/categories');
  const mains = ((await tree.json()) as { data: Category[] }).data.filter((c) => c.productCount > 0);
  const [included, other] = [mains[0]!, mains[1]!];
  const otherProducts = await productsOf(page.request, other.slug);
  const extra = otherProducts[0]!;
  const outside = otherProducts[1]!;

  try {
    await adminLogIn(page);
    await page.goto('/admin/assortments');
    await expect(page.getByRole('heading', { name: 'Választékok', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Új választék' }).click();
    const dialog = page.getByRole('dialog', { name: 'Új választék' });
    await dialog.getByLabel('Név').fill(NAME);
    await dialog.getByRole('combobox', { name: 'Kategóriák' }).fill(included.name);
    await page.getByRole('option', { name: included.name, exact: true }).click();
    await dialog.getByLabel('Felvett cikkszámok').fill(extra.sku);
    await dialog.getByRole('combobox', { name: 'Vevők' }).fill('customer@');
    await page.getByRole('option').first().click();
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-dialog-hu');
    await dialog.getByRole('button', { name: 'Mentés' }).click();
    await expect(page.getByText(`${NAME} mentve: ${included.productCount + 1} termék.`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await expect(row).toContainText(String(included.productCount + 1));
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'admin-list-hu');
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.reload();
    await expect(page.getByRole('heading', { name: '商品范围', level: 1 })).toBeVisible();
    await shoot(page, 'admin-list-zh');
    await page.evaluate(() => localStorage.setItem('language', 'hu'));

    // The customer: the home listing holds only the assortment, the other category only the one SKU.
    await logIn(page, CUSTOMER.email, CUSTOMER.password);
    await expectLoggedIn(page);
    const token = (await storedToken(page))!;
    const seen = await productsOf(page.request, other.slug, token);
    expect(seen.map((p) => p.sku)).toEqual([extra.sku]);

    for (const language of ['hu', 'zh'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto(`/category/${other.slug}`);
      await expect(page.locator(`article[data-sku="${extra.sku}"]`)).toBeVisible();
      await expect(page.locator('article[data-sku]')).toHaveCount(1);
      await shoot(page, `shop-category-${language}`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'hu'));

    // Search: the product outside is not found by its SKU; the included one is.
    await page.goto(`/search?q=${encodeURIComponent(outside.sku)}`);
    await expect(page.getByText('Erre a keresésre nincs találat.')).toBeVisible();
    await expect(page.getByText(`Cikkszám: ${outside.sku}`)).toHaveCount(0);
    await shoot(page, 'shop-search-outside-hu');
    await page.goto(`/search?q=${encodeURIComponent(extra.sku)}`);
    await expect(page.getByText(`Cikkszám: ${extra.sku}`).first()).toBeVisible();
    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.goto(`/search?q=${encodeURIComponent(outside.sku)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(outside.sku);
    await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toBeVisible();
    await shoot(page, 'shop-search-outside-zh');
    await page.evaluate(() => localStorage.setItem('language', 'hu'));

    // Ordering the product outside answers not found.
    const refused = await page.request.post('/api/cart/set-product-quantity', {
      headers: { authorization: `Bearer ${token}` },
      data: { productSku: outside.sku, quantity: 1 },
    });
    expect(refused.status()).toBe(404);
    expect(((await refused.json()) as { error: string }).error).toBe('ERR_PRODUCT_NOT_FOUND');
  } finally {
    await deleteAssortment(page.request);
  }
  // Without the assortment the customer sees the whole category again.
  const token = (await storedToken(page))!;
  expect((await productsOf(page.request, other.slug, token)).length).toBe(otherProducts.length);
});
