import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Carts filled and orders placed through the shop's API, for journeys about something else (a page
 * with lines in its cart, the back office's lists and statistics). The journeys about ordering itself
 * use the screens.
 */

export const CUSTOMER = { login: 'customer@example.com', password: 'customer123' };

/** A shop access token from the login API. */
export async function shopToken(
  request: APIRequestContext,
  account: { login: string; password: string } = CUSTOMER,
): Promise<string> {
  const answer = await request.post('/api/auth/login', {
    data: { emailorusername: account.login, password: account.password },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { access_token: string }).access_token;
}

/**
 * Empties the token's cart and puts `cartons` cartons of an orderable, priced product with plenty
 * of stock into it (the `skip`-th such product of the listing). Answers the product's SKU.
 */
export async function fillCartByApi(
  request: APIRequestContext,
  token: string,
  { cartons = 1, skip = 0 }: { cartons?: number; skip?: number } = {},
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.delete('/api/cart/delete', { headers })).ok()).toBe(true);
  const listing = (await (
    await request.get('/api/products/all?productsPerPage=100', { headers })
  ).json()) as {
    products: {
      sku: string;
      isOrderable: boolean;
      currentPrice: number | null;
      stock: number;
      orderQuantityStep: number | null;
    }[];
  };
  const product = listing.products.filter(
    (item) => item.isOrderable && item.currentPrice !== null && item.stock > 500,
  )[skip];
  expect(product, 'an orderable product with stock').toBeDefined();
  const set = await request.post('/api/cart/set-product-quantity', {
    headers,
    data: { productSku: product!.sku, quantity: cartons * Math.max(1, product!.orderQuantityStep ?? 1) },
  });
  expect(set.ok(), await set.text()).toBe(true);
  return product!.sku;
}

/** Chooses the checkout an order of the token's cart uses: personal pickup and the first payment method the customer may use. */
export async function chooseCheckoutByApi(request: APIRequestContext, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const shipping = await request.put('/api/cart/shipping-method', {
    headers,
    data: { shippingMethodCode: 'pickup_customer' },
  });
  expect(shipping.ok(), await shipping.text()).toBe(true);
  const methods = (await (
    await request.get('/api/payment-methods/available-for-customer', { headers })
  ).json()) as { id: number }[];
  const payment = await request.put('/api/cart/payment-method', {
    headers,
    data: { paymentMethodId: methods[0]?.id },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
}

/**
 * Places the token's cart as an order: personal pickup and the first payment method the customer
 * may use. Answers the order's id and its items' gross sum as the customer's order history shows it.
 */
export async function placeCartByApi(
  request: APIRequestContext,
  token: string,
): Promise<{ orderId: number; itemsGross: number }> {
  const headers = { authorization: `Bearer ${token}` };
  await chooseCheckoutByApi(request, token);
  const placed = (await (await request.post('/api/orders/place-order', { headers })).json()) as {
    data: unknown;
    orderId: number;
  };
  expect(placed).toMatchObject({ data: true });
  const history = (await (await request.get('/api/orders/history', { headers })).json()) as {
    orderId: number;
    orderItemsSumPrice: number;
  }[];
  const order = history.find((item) => item.orderId === placed.orderId);
  expect(order, `order ${placed.orderId} in the history`).toBeDefined();
  return { orderId: placed.orderId, itemsGross: order!.orderItemsSumPrice };
}

/**
 * Opens the home page's listing and adds its first orderable product to the cart by its button;
 * answers the orderable product boxes (the first is the one added).
 */
export async function addFirstOrderableFromListing(page: Page): Promise<Locator> {
  await page.goto('/');
  const boxes = page.getByRole('article');
  await expect(boxes.first()).toBeVisible();
  const orderable = boxes.filter({ has: page.getByRole('button', { name: 'Kosárba', disabled: false }) });
  await orderable.first().getByRole('button', { name: 'Kosárba' }).click();
  await expect(page.getByText('A termék a kosárba került.')).toBeVisible();
  return orderable;
}

/**
 * Places the order from the checkout page by `submit` (a click on, or a key pressed at, its place-order
 * button): the server must accept it and the shop must go home confirming it. Answers the order's id.
 */
export async function placeOrderFromCheckout(page: Page, submit: () => Promise<void>): Promise<number> {
  const placed = page.waitForResponse((response) => response.url().endsWith('/api/orders/place-order'));
  await submit();
  const answer = (await (await placed).json()) as { data: unknown; orderId: number };
  expect(answer.data).toBe(true);
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByText('Rendelését rögzítettük, a visszaigazolást e-mailben elküldtük.'),
  ).toBeVisible();
  return answer.orderId;
}
