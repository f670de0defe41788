import { expect, test, type Page } from '@playwright/test';
import { expectLoggedIn, logIn, storedToken } from './support/accounts';
import { axeViolations } from './support/axe';
import { desktopWithoutOverlays, screenshotsInto } from './support/screens';
import { mailsTo } from './support/mailbox';

/**
 * Order approvals (issue 15): the demo buyer (50,000 Ft per order) fills the cart above 80,000 Ft
 * and places the order: it goes for approval, the page says so, the owner and the approver get a
 * mail. The owner follows the header's badge (keyboard), approves the request, and the order is in
 * both histories with who approved it; the buyer gets a mail. A second request is rejected with a
 * reason, which the buyer gets by mail. Axe on the new pages; screenshots at 1440 and 390 px in
 * Hungarian and Chinese.
 */

const SHOTS = 'test-results/screenshots/approvals';

const screenshots = screenshotsInto(SHOTS);

async function inLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  await page.reload();
}

interface ListedProduct {
  sku: string;
  currentPrice: number | null;
  stock: number;
  isActive: boolean;
  isOrderable: boolean;
  orderQuantityStep: number;
}

/** Fills the signed-in user's cart to at least `forints` gross with orderable products, dearest first. */
async function fillCart(page: Page, forints: number): Promise<void> {
  const headers = { authorization: `Bearer ${await storedToken(page)}` };
  const listing = await page.request.get('/api/products/all?productsPerPage=100', { headers });
  expect(listing.ok()).toBe(true);
  const products = ((await listing.json()) as { products: ListedProduct[] }).products
    .filter((p) => p.isActive && p.isOrderable && (p.currentPrice ?? 0) > 0 && p.stock > 10)
    .sort((a, b) => (b.currentPrice ?? 0) - (a.currentPrice ?? 0));
  let total = 0;
  for (const product of products) {
    if (total >= forints * 100) break;
    const price = product.currentPrice ?? 0;
    const step = Math.max(1, product.orderQuantityStep);
    const wanted = Math.min(product.stock - 5, Math.ceil((forints * 100 - total) / price / step + 1) * step);
    const res = await page.request.post('/api/cart/set-product-quantity', {
      headers,
      data: { productSku: product.sku, quantity: wanted },
    });
    if (!res.ok()) continue;
    const cart = (await (await page.request.get('/api/cart', { headers })).json()) as {
      cartItems: { lineGross: number }[];
    };
    total = cart.cartItems.reduce((sum, item) => sum + item.lineGross, 0);
  }
  expect(total).toBeGreaterThanOrEqual(forints * 100);
}

/** Chooses pickup and the first payment method on the checkout page and places the order. */
async function placeForApproval(page: Page): Promise<number> {
  await page.goto('/cart/receipt-and-payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Átvétel és fizetés' })).toBeVisible();
  const pickup = page.getByRole('radio', { name: 'Személyes átvétel (vevő szállítja)' });
  await pickup.click();
  await expect(pickup).toBeChecked();
  const payment = page.getByRole('radiogroup').last().getByRole('radio').first();
  if (!(await payment.isChecked())) {
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart/payment-method'));
    await payment.check();
    await saved;
  }
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders/place-order'));
  await page.getByRole('button', { name: 'Rendelés leadása' }).first().click();
  const answer = (await (await placed).json()) as {
    data: unknown;
    approvalRequired?: boolean;
    approvalId: number;
  };
  expect(answer).toMatchObject({ data: true, approvalRequired: true });
  await expect(page).toHaveURL(new RegExp(`/profile/approvals/${answer.approvalId}\\?sent=1$`));
  await expect(page.getByText('Jóváhagyásra elküldve')).toBeVisible();
  return answer.approvalId;
}

async function waitForMail(address: string, subject: RegExp) {
  let found: ReturnType<typeof mailsTo>[number] | undefined;
  await expect
    .poll(() => (found = mailsTo(address).find((mail) => subject.test(mail.subject))) !== undefined, {
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Kijelentkezés' }).click();
  await expect(page.getByRole('button', { name: 'Kijelentkezés' })).toHaveCount(0);
}

test.beforeEach(desktopWithoutOverlays);

test('the buyer orders 80,000 Ft: sent for approval; the owner approves; a second request is rejected with a reason', async ({
  page,
}) => {
  test.setTimeout(240_000);

  // The buyer: above the 50,000 Ft per-order limit the order goes for approval.
  await logIn(page, 'buyer@example.com', 'buyer123');
  await expectLoggedIn(page);
  await fillCart(page, 80_000);
  const first = await placeForApproval(page);
  await expect(page.getByTestId('approval-sent')).toContainText(`#${first}`);
  await expect(page.getByText('Várakozik')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'sent-hu');
  await inLanguage(page, 'zh');
  await expect(page.getByText('已提交审批')).toBeVisible();
  await screenshots(page, 'sent-zh');
  await inLanguage(page, 'hu');
  // The owner and the approver are told by mail, with the request's link.
  const ownerMail = await waitForMail('customer@example.com', /Jóváhagyásra vár|Awaiting approval/);
  expect(ownerMail.text).toContain(`/profile/approvals/${first}`);
  await waitForMail('approver@example.com', /Jóváhagyásra vár|Awaiting approval|待审批|Chờ phê duyệt/);
  // The buyer's cart is empty now; the request is in their list.
  await page.goto('/profile/approvals');
  await expect(page.locator(`[data-approval-id="${first}"]`)).toContainText('Várakozik');
  await logOut(page);

  // The owner: the header's badge leads to the requests (keyboard).
  await logIn(page, 'customer@example.com', 'customer123');
  await expectLoggedIn(page);
  const badge = page.getByTestId('approvals-badge');
  await expect(badge).toBeVisible();
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Jóváhagyások' })).toBeVisible();
  // A fresh load: the login's toast (outside the page's landmarks) is gone before axe looks.
  await page.reload();
  const row = page.locator(`[data-approval-id="${first}"]`);
  await expect(row).toContainText('Várakozik');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'list-hu');
  await inLanguage(page, 'zh');
  await expect(page.getByRole('heading', { level: 1, name: '订单审批' })).toBeVisible();
  await screenshots(page, 'list-zh');
  await inLanguage(page, 'hu');

  await page.locator(`[data-approval-id="${first}"]`).getByRole('link').click();
  await expect(page.getByRole('table', { name: 'A kérés tételei' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'detail-hu');
  await inLanguage(page, 'zh');
  await expect(page.getByRole('button', { name: '批准并下单' })).toBeVisible();
  await screenshots(page, 'detail-zh');
  await inLanguage(page, 'hu');
  const approve = page.getByRole('button', { name: 'Jóváhagyás és rendelés' });
  await approve.focus();
  const approved = page.waitForResponse((r) => r.url().endsWith(`/api/company/approvals/${first}/approve`));
  await page.keyboard.press('Enter');
  const approvedAnswer = (await (await approved).json()) as { data: unknown; orderId: number };
  expect(approvedAnswer.data).toBe(true);
  const orderId = approvedAnswer.orderId;
  await expect(page.getByTestId('approval-ordered')).toContainText(`#${orderId}`);
  // The owner's history shows the order and who approved it.
  await page.goto('/profile/order-history');
  await expect(page.getByRole('cell', { name: new RegExp(`^${orderId}`) })).toContainText('Jóváhagyta:');
  await logOut(page);

  // The buyer: told by mail; the order is in their history too.
  const approvedMail = await waitForMail('buyer@example.com', new RegExp(`#${orderId}`));
  expect(approvedMail.text).toContain(`#${orderId}`);
  await logIn(page, 'buyer@example.com', 'buyer123');
  await expectLoggedIn(page);
  await page.goto('/profile/order-history');
  await expect(page.getByRole('cell', { name: new RegExp(`^${orderId}`) })).toContainText('Jóváhagyta:');

  // A second request, rejected by the approver with a reason (keyboard in the dialog).
  await fillCart(page, 60_000);
  const second = await placeForApproval(page);
  await logOut(page);
  await logIn(page, 'approver@example.com', 'approver123');
  await expectLoggedIn(page);
  await page.goto(`/profile/approvals/${second}`);
  await page.getByRole('button', { name: 'Elutasítás' }).click();
  const dialog = page.getByRole('dialog', { name: 'A kérés elutasítása' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox')).toBeFocused();
  // Without a reason it is not sent.
  await dialog.getByRole('button', { name: 'Elutasítás' }).click();
  await expect(dialog.getByText('Kérjük, adja meg az indokot.')).toBeVisible();
  expect(await axeViolations(page, (axe) => axe.include('[role="dialog"]'))).toEqual([]);
  await screenshots(page, 'reject-hu');
  await dialog.getByRole('textbox').focus();
  await page.keyboard.type('Ebben a hónapban már túl sok kávé.');
  await dialog.getByRole('button', { name: 'Elutasítás' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Elutasítva')).toBeVisible();
  await expect(page.getByText('Ebben a hónapban már túl sok kávé.')).toBeVisible();
  const rejectedMail = await waitForMail('buyer@example.com', /elutasították|rejected|拒绝|từ chối/);
  expect(rejectedMail.text).toContain('Ebben a hónapban már túl sok kávé.');
});
