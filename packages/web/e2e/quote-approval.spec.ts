import { expect, test } from '@playwright/test';
import { expectLoggedIn, logIn, waitForLink } from './support/accounts';
import { adminLogIn, adminToken } from './support/admin';
import { axeViolations } from './support/axe';
import { mailsTo } from './support/mailbox';
import { chooseCheckoutByApi, CUSTOMER, fillCartByApi, shopToken } from './support/orders';
import { desktopWithoutOverlays, screenshotsInto, signInWithToken } from './support/screens';

/**
 * A quote accepted by a requester goes for approval (issue 15 with issue 16; docs/product.md §5.12):
 * the demo owner invites a requester, who asks for a quote; staff offer a price of their own; the
 * requester accepts it on the quote page, which says "sent for approval" (axe; 1440 and 390 px in
 * Hungarian and Chinese); the approvers get a mail; the owner opens the request (it names the quote)
 * and approves it: the order is placed at the quoted price and the quote is accepted.
 */

const SHOTS = 'test-results/screenshots/quote-approval';

const screenshots = screenshotsInto(SHOTS, { fitWidth: true });

test.beforeEach(desktopWithoutOverlays);

test('a requester accepts a quote: sent for approval; the owner approves; the order is at the quoted price', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);

  // The owner invites a requester (API); the requester sets a password from the mailed link.
  const ownerToken = await shopToken(request);
  const ownerHeaders = { authorization: `Bearer ${ownerToken}` };
  const email = `requester-${Date.now()}@example.com`;
  const password = 'Requester-2026';
  const invited = await request.post('/api/company/users', {
    headers: ownerHeaders,
    data: {
      email,
      name: 'Kovács Réka',
      role: 'requester',
      orderLimit: null,
      monthlyLimit: null,
      shippingAddressIds: [],
    },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const link = await waitForLink(email, /^\/user\/\d+\/invite\/[A-Za-z0-9_-]+$/);
  const [, userId, code] = /\/user\/(\d+)\/invite\/([A-Za-z0-9_-]+)$/.exec(new URL(link).pathname)!;
  const accepted = await request.post(`/api/users/${userId}/accept-invite/${code}`, {
    data: { newPassword: password },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // The requester asks for a quote from its cart, with pickup and the first payment method chosen.
  const token = await shopToken(request, { login: email, password });
  const headers = { authorization: `Bearer ${token}` };
  const sku = await fillCartByApi(request, token, { cartons: 2 });
  await chooseCheckoutByApi(request, token);
  const asked = await request.post('/api/quotes', {
    headers,
    data: { message: 'Két kartonra kérünk árat.' },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const quote = (await asked.json()) as { id: number; lines: { sku: string; requestedQuantity: number }[] };
  const pieces = quote.lines[0]!.requestedQuantity;

  // Staff offer 999,50 Ft per piece (the back office's API, signed in on its page).
  await adminLogIn(page);
  const offer = await page.request.post(`/api/admin/quotes/${quote.id}/offer`, {
    headers: { authorization: `Bearer ${await adminToken(page)}` },
    data: {
      lines: [{ sku, price: 999.5, quantity: pieces }],
      validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      message: 'Különár a két kartonra.',
    },
  });
  expect(offer.ok(), await offer.text()).toBe(true);

  // The requester accepts on the quote page: sent for approval, in the cart's words.
  await signInWithToken(page, token);
  await page.goto(`/profile/quotes/${quote.id}`);
  await expect(page.getByText('Ajánlat érkezett').first()).toBeVisible();
  // Before accepting, a requester is told that it goes for approval.
  await expect(page.getByTestId('quote-needs-approval')).toContainText('Ön igénylőként nem rendel egyedül');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'offer-hu');
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByTestId('quote-needs-approval')).toContainText('作为申请人');
  await screenshots(page, 'offer-zh');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.reload();
  await expect(page.getByTestId('quote-needs-approval')).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/quotes/${quote.id}/accept`));
  await page.getByRole('button', { name: 'Elfogadom és megrendelem' }).click();
  const answer = (await (await answered).json()) as {
    data: unknown;
    approvalRequired?: boolean;
    approvalId: number;
  };
  expect(answer).toMatchObject({ data: true, approvalRequired: true });
  const notice = page.getByTestId('quote-sent-for-approval');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Jóváhagyásra elküldve');
  await expect(notice).toContainText(`#${answer.approvalId}`);
  await expect(page.getByText('Jóváhagyásra vár').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Elfogadom és megrendelem' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'sent-hu');
  // Opened again later it still says so (from the server), here in Chinese.
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByTestId('quote-sent-for-approval')).toContainText('已提交审批');
  await expect(page.getByText('等待审批').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'sent-zh');
  // No order yet.
  const waiting = (await (await request.get(`/api/quotes/${quote.id}`, { headers })).json()) as {
    status: string;
    orderId: number | null;
  };
  expect(waiting).toMatchObject({ status: 'pending_approval', orderId: null });

  // The approver is mailed with the request's link.
  await expect
    .poll(
      () =>
        mailsTo('approver@example.com').some((m) =>
          m.text.includes(`/profile/approvals/${answer.approvalId}`),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);

  // The owner follows the link on the quote page's request, sees the quote named, and approves.
  await page.evaluate(() => {
    localStorage.removeItem('access_token');
    localStorage.setItem('language', 'hu');
  });
  await page.goto('/');
  await logIn(page, CUSTOMER.login, CUSTOMER.password);
  await expectLoggedIn(page);
  await page.goto(`/profile/approvals/${answer.approvalId}`);
  await expect(page.getByRole('link', { name: `${quote.id}. árajánlat – az ajánlott árakon` })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'request-hu');
  await page.evaluate(() => localStorage.setItem('language', 'zh'));
  await page.reload();
  await expect(page.getByRole('link', { name: `报价 ${quote.id} – 按报价价格` })).toBeVisible();
  await screenshots(page, 'request-zh');
  await page.evaluate(() => localStorage.setItem('language', 'hu'));
  await page.reload();
  const approved = page.waitForResponse((r) =>
    r.url().endsWith(`/api/company/approvals/${answer.approvalId}/approve`),
  );
  await page.getByRole('button', { name: 'Jóváhagyás és rendelés' }).click();
  const placed = (await (await approved).json()) as { data: unknown; orderId: number };
  expect(placed.data).toBe(true);
  await expect(page.getByTestId('approval-ordered')).toBeVisible();

  // The order is the requester's, at the quoted price; the quote is accepted with it.
  const history = (await (await request.get('/api/orders/history', { headers })).json()) as {
    orderId: number;
    lines: { sku: string; quantity: number; unitPrice: number }[];
  }[];
  const order = history.find((item) => item.orderId === placed.orderId);
  expect(order?.lines).toEqual([expect.objectContaining({ sku, quantity: pieces, unitPrice: 99950 })]);
  const done = (await (await request.get(`/api/quotes/${quote.id}`, { headers })).json()) as {
    status: string;
    orderId: number | null;
  };
  expect(done).toMatchObject({ status: 'accepted', orderId: placed.orderId });
  await page.goto(`/profile/quotes/${quote.id}`);
  await expect(page.getByText('Elfogadva').first()).toBeVisible();
});
