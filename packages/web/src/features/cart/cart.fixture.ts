import type { CartAdditionResponse, CartItem, CartResponse } from '@shop/shared/contracts/cart';
import type {
  DeliveryDaysResponse,
  PaymentMethod,
  ShippingMethod,
  ShopStateResponse,
} from '@shop/shared/contracts/checkout';
import type { CurrentShippingData } from '@shop/shared/contracts/shipping';
import { makeProduct } from '../../components/product/product.fixture';
import type { FetchLike } from '../../lib/api-client';
import { cartProductOf, emptyCart } from '../offline/offline-cart';
import { jsonResponse } from '../../test/render-app';

/** Test data and a fake API for the cart feature's component tests (not used by the app). */

export function makeItem(overrides: Partial<CartItem> = {}, sku = 'KV-001'): CartItem {
  const product = makeProduct({ sku });
  const quantity = overrides.quantity ?? 24;
  return {
    quantity,
    price: 90000,
    specialPrice: null,
    currentPrice: 90000,
    lineGross: 90000 * quantity,
    lineNet: Math.round((90000 * quantity) / 1.27),
    lineWeight: 260 * quantity,
    orderable: true,
    product: { ...cartProductOf(product), limits: { minimum: 12, maximum: null } },
    ...overrides,
  };
}

export const HOME_DELIVERY: ShippingMethod = {
  id: 1,
  code: 'delivery',
  name: 'Kiszállítás',
  cost: 0,
  isHomeDelivery: true,
  minimumOrderValue: 0,
};
export const PICKUP: ShippingMethod = {
  id: 2,
  code: 'pickup_customer',
  name: 'Személyes átvétel (vevő szállítja)',
  cost: 0,
  isHomeDelivery: false,
  minimumOrderValue: 0,
};
export const BANK_TRANSFER: PaymentMethod = {
  id: 11,
  code: 'bank_transfer',
  name: 'Banki átutalás (8 nap)',
  termDays: 8,
  isDeferred: true,
};
export const CASH: PaymentMethod = { id: 12, code: 'cash', name: 'Készpénz', termDays: 0, isDeferred: false };

export function makeCart(
  items: CartItem[] = [makeItem()],
  overrides: Partial<CartResponse> = {},
): CartResponse {
  const gross = items.reduce((sum, item) => sum + item.lineGross, 0);
  const net = items.reduce((sum, item) => sum + item.lineNet, 0);
  const weight = items.reduce((sum, item) => sum + item.lineWeight, 0);
  const pieces = items.reduce((sum, item) => sum + item.quantity, 0);
  const method = overrides.currentShippingMethod ?? null;
  const logisticsCost = method?.isHomeDelivery ? 150000 : 0;
  return {
    ...emptyCart(7),
    cartId: 1,
    version: 1,
    shippingAddressId: 3,
    cartItems: items,
    count: items.length,
    cartItemIds: items.map((item) => item.product.sku),
    totals: {
      gross,
      net,
      weight,
      pieces,
      logisticsCost,
      shippingMethodCost: method?.cost ?? 0,
      grandTotal: gross + logisticsCost + (method?.cost ?? 0),
    },
    containsNonOrderableProduct: items.some((item) => !item.orderable),
    ...overrides,
  };
}

export const CURRENT_SHIPPING: CurrentShippingData = {
  shippingAddressId: 3,
  currentShippingAddress: true,
  zip: '2310',
  city: 'Szigetszentmiklós',
  aptSuite: 'Gyári út 9.',
  country: 'Magyarország',
  countryCode: 'HU',
  logisticsCost: 150000,
  note: 'Hívják a raktárvezetőt.',
  customerId: 7,
  route: null,
  customer: {
    name: 'Lotus Ázsia Market Kft.',
    email: 'customer@example.com',
    taxNumber: '13579246-2-42',
    companyRegistrationNumber: '01-09-345678',
    billingAddress: {
      country: 'Magyarország',
      countryCode: 'HU',
      zip: '1087',
      city: 'Budapest',
      aptSuite: 'Kerepesi út 29/B.',
    },
  },
};

export const DELIVERY_DAYS: DeliveryDaysResponse = {
  days: [
    { date: '2026-11-23', isReplacement: false, within48Hours: true },
    { date: '2026-11-26', isReplacement: false, within48Hours: false },
  ],
  routeTime: '09:00-15:00',
  holiday: null,
  timeZone: 'Europe/Budapest',
};

export const OPEN_SHOP: ShopStateResponse = {
  closed: false,
  forceClosed: false,
  window: null,
  upcoming: null,
  notice: null,
  timeZone: 'Europe/Budapest',
};

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  /** Path and query string. */
  url?: string;
}

export interface CartApiOptions {
  cart?: () => CartResponse;
  shop?: ShopStateResponse;
  /** Answers a call first; undefined falls through to the defaults. */
  other?: (call: ApiCall) => Response | Promise<Response> | undefined;
}

/** The set-product-quantity answer: the fields of docs/product.md §7.2 and the cart as the change left it. */
export function quantityAnswer(quantity: number, cart: CartResponse, warnings: string[] = []): Response {
  return jsonResponse(200, { data: true, quantity, warnings, cart });
}

export const EMPTY_ADDITION: CartAdditionResponse = { data: true, added: [], corrected: [], rejected: [] };

/** A fake API with the cart, checkout and shop calls. */
export function cartApi(options: CartApiOptions = {}) {
  const calls: ApiCall[] = [];
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, body, url: `${url.pathname}${url.search}` };
    calls.push(call);
    const answer = await options.other?.(call);
    if (answer) return answer;
    switch (url.pathname) {
      case '/api/products/all': {
        // The cart page's products: the cart's lines as products/all lists them (on sale here).
        if (url.searchParams.get('inCart') !== 'true') return jsonResponse(404, { error: 'NOT_FOUND' });
        const cart = options.cart ? options.cart() : makeCart();
        const products = cart.cartItems.map((item) =>
          makeProduct({ id: item.product.id, sku: item.product.sku, discount: true }),
        );
        return jsonResponse(200, { products, count: products.length, manufacturers: [] });
      }
      case '/api/cart':
        return jsonResponse(200, options.cart ? options.cart() : makeCart());
      case '/api/cart/comments':
        if (method === 'PUT') return jsonResponse(200, { data: true });
        return jsonResponse(200, { commentWebshop: '', commentSupplier: '' });
      case '/api/shipping-methods':
        return jsonResponse(200, [HOME_DELIVERY, PICKUP]);
      case '/api/payment-methods/available-for-customer':
        return jsonResponse(200, [BANK_TRANSFER, CASH]);
      case '/api/cart/delivery-days':
        return jsonResponse(200, DELIVERY_DAYS);
      case '/api/shop/state':
        return jsonResponse(200, options.shop ?? OPEN_SHOP);
      case '/api/shipping-addresses/get-current-data-extended':
        return jsonResponse(200, CURRENT_SHIPPING);
      case '/api/cart/shipping-method':
      case '/api/cart/payment-method':
      case '/api/cart/delivery-date':
        return jsonResponse(200, { data: true });
      default:
        return jsonResponse(404, { error: 'NOT_FOUND' });
    }
  };
  return { fetch, calls };
}
