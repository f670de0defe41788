import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CartAdditionResponse,
  type CartResponse,
  cartResponseSchema,
  type SetProductQuantityResponse,
  setProductQuantityResponseSchema,
} from '@shop/shared/contracts/cart';
import { type ShopWorld, useShopWorld } from '../../../test/shop-world';
import { TEST_DIALECTS } from '../../../test/test-db';
import { bumpCatalogueVersion } from '../products/catalogue-version';
import { insertAgent, insertBuyer, insertProduct, insertStaff } from './checkout-fixtures';

describe.each(TEST_DIALECTS)('cart on %s', (dialect) => {
  // Tuesday 2025-03-04 09:00 in Budapest.
  const world = useShopWorld(dialect, { now: new Date('2025-03-04T08:00:00Z') });
  const { call } = world;
  // The world's parts under the short names the tests use (there once the world has started).
  let testDb: ShopWorld['testDb'];
  let app: ShopWorld['app'];
  let ctx: ShopWorld['ctx'];
  let methods: ShopWorld['methods'];

  beforeAll(() => {
    ({ testDb, app, ctx, methods } = world);
  });

  const getCart = async (token: string): Promise<CartResponse> => {
    const res = await call('GET', '/api/cart', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CartResponse;
  };
  const setQuantity = (token: string, body: Record<string, unknown>) =>
    call('POST', '/api/cart/set-product-quantity', token, body);
  /** The docs/product.md §7.2 fields of a set-product-quantity answer (without our `cart`). */
  const specFields = (res: { json(): unknown }) => {
    const { cart: _cart, ...fields } = res.json() as SetProductQuantityResponse;
    return fields;
  };

  it('gives a new customer an empty cart without creating one', async () => {
    const buyer = await insertBuyer(ctx);
    const cart = await getCart(buyer.token);
    expect(cart).toMatchObject({
      cartId: null,
      version: 0,
      customerId: buyer.customerId,
      shippingAddressId: buyer.addressId,
      cartItems: [],
      count: 0,
      cartItemIds: [],
      totals: {
        gross: 0,
        net: 0,
        weight: 0,
        pieces: 0,
        logisticsCost: 0,
        shippingMethodCost: 0,
        grandTotal: 0,
      },
      currentShippingMethod: null,
      currentPaymentMethod: null,
      deliveryDate: null,
      commentWebshop: '',
      commentSupplier: '',
      containsNonOrderableProduct: false,
    });
    const carts = await testDb.handle.db
      .selectFrom('carts')
      .select('id')
      .where('customer_id', '=', buyer.customerId)
      .execute();
    expect(carts).toHaveLength(0);
  });

  it("prices lines with the customer's price group, discount and tiers, ignoring the browser's prices", async () => {
    const buyer = await insertBuyer(ctx, { priceGroup: 'A', discountBp: 1000 });
    const product = await insertProduct(testDb.handle, {
      vat: 27,
      weight: 500,
      prices: [
        { price: 10000 },
        { price: 9000, priceGroup: 'A' },
        { price: 8000, priceGroup: 'A', quantityDiscount: 10 },
        { price: 1000, priceGroup: 'B' },
      ],
    });
    const res = await setQuantity(buyer.token, {
      productSku: product.sku,
      quantity: 3,
      price: 1,
      specialPrice: 1,
      currentPrice: 1,
      vat: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(specFields(res)).toEqual({ data: true, quantity: 3, warnings: [] });

    let cart = await getCart(buyer.token);
    expect(cart.count).toBe(1);
    expect(cart.cartItemIds).toEqual([product.sku]);
    const item = cart.cartItems[0]!;
    // 9000 minus 10 % = 8100 per piece.
    expect(item).toMatchObject({
      quantity: 3,
      price: 8100,
      specialPrice: null,
      currentPrice: 8100,
      lineGross: 24300,
      lineNet: 19134,
      lineWeight: 1500,
      orderable: true,
    });
    expect(item.product).toMatchObject({
      sku: product.sku,
      vat: 27,
      weight: 500,
      stock: 100,
      isActive: true,
      isOrderable: true,
      limits: { minimum: null, maximum: null },
    });
    expect(item.product.productDetails[0]?.name).toMatch(/^Termék/);
    expect(item.product.prices.map((p) => p.price)).toEqual([9000, 8000]);
    expect(cart.totals).toMatchObject({ gross: 24300, net: 19134, weight: 1500, pieces: 3 });

    // The tier from 10 pieces: 8000 − 10 % = 7200.
    await setQuantity(buyer.token, { productSku: product.sku, quantity: 10 });
    cart = await getCart(buyer.token);
    expect(cart.cartItems[0]).toMatchObject({ quantity: 10, currentPrice: 7200, lineGross: 72000 });
  });

  it('shows a valid special price and the product in the request language', async () => {
    const buyer = await insertBuyer(ctx);
    const product = await insertProduct(testDb.handle, {
      nameEn: 'Special coffee',
      prices: [
        {
          price: 6000,
          specialPrice: 5000,
          specialPriceStart: '2025-01-01T00:00:00Z',
          specialPriceEnd: '2025-12-31T00:00:00Z',
        },
      ],
    });
    await setQuantity(buyer.token, { productSku: product.sku, quantity: 2 });
    const res = await app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { authorization: `Bearer ${buyer.token}`, 'accept-language': 'en' },
    });
    const cart = res.json() as CartResponse;
    expect(cart.cartItems[0]).toMatchObject({
      price: 6000,
      specialPrice: 5000,
      currentPrice: 5000,
      lineGross: 10000,
    });
    expect(cart.cartItems[0]?.product.productDetails[0]?.name).toBe('Special coffee');
  });

  it('corrects quantities with the shared rule and answers the warnings', async () => {
    const buyer = await insertBuyer(ctx);
    // Minimum: a carton of 6; maximum: a pallet of 60; step 6; stock 40.
    const product = await insertProduct(testDb.handle, {
      stock: 40,
      step: 6,
      minOrderQuantity: 'carton',
      maxOrderQuantity: 'pallet',
      prices: [
        { price: 1000, unit: 'piece', quantityDiscount: 1 },
        { price: 900, unit: 'carton', quantityDiscount: 6 },
        { price: 800, unit: 'pallet', quantityDiscount: 60 },
      ],
    });
    const cases: [number, number, string[]][] = [
      [2, 6, ['minimum_order_quantity']],
      [7, 12, ['order_quantity_step_correction']],
      [
        100,
        36,
        ['maximum_order_quantity', 'quantity_to_order_is_not_available', 'order_quantity_step_correction'],
      ],
      [18, 18, []],
    ];
    for (const [requested, quantity, warnings] of cases) {
      const res = await setQuantity(buyer.token, { productSku: product.sku, quantity: requested });
      expect(res.statusCode, res.body).toBe(200);
      expect(specFields(res), `requested ${requested}`).toEqual({ data: true, quantity, warnings });
      const cart = await getCart(buyer.token);
      expect(cart.cartItems.find((i) => i.product.sku === product.sku)?.quantity).toBe(quantity);
    }
    const cart = await getCart(buyer.token);
    expect(cart.cartItems[0]?.product.limits).toEqual({ minimum: 6, maximum: 60 });
  });

  it('removes the line when the corrected quantity is 0 (out of stock) and with quantity 0', async () => {
    const buyer = await insertBuyer(ctx);
    const soldOut = await insertProduct(testDb.handle, { stock: 0 });
    const res = await setQuantity(buyer.token, { productSku: soldOut.sku, quantity: 5 });
    expect(specFields(res)).toEqual({
      data: true,
      quantity: 0,
      warnings: ['quantity_to_order_is_not_available'],
    });
    expect((await getCart(buyer.token)).count).toBe(0);

    const product = await insertProduct(testDb.handle);
    await setQuantity(buyer.token, { productSku: product.sku, quantity: 4 });
    const before = await getCart(buyer.token);
    expect(before.count).toBe(1);
    const removed = await setQuantity(buyer.token, { productSku: product.sku, quantity: 0 });
    expect(specFields(removed)).toEqual({ data: true, quantity: 0, warnings: [] });
    const after = await getCart(buyer.token);
    expect(after.count).toBe(0);
    expect(after.version).toBeGreaterThan(before.version);
  });

  it('answers the cart as the change left it, the same as GET /api/cart, in the request language', async () => {
    const buyer = await insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer] });
    const first = await insertProduct(testDb.handle, {
      nameEn: 'First in English',
      prices: [{ price: 1200 }],
    });
    const second = await insertProduct(testDb.handle, { prices: [{ price: 700 }] });
    await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'pickup-customer' });
    await call('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: methods.bankTransfer });
    const inEnglish = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/cart/set-product-quantity',
        headers: { authorization: `Bearer ${buyer.token}`, 'accept-language': 'en' },
        payload: body,
      });
    const getInEnglish = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/cart',
          headers: { authorization: `Bearer ${buyer.token}`, 'accept-language': 'en' },
        })
      ).json() as CartResponse;

    const added = (
      await inEnglish({ productSku: second.sku, quantity: 2 })
    ).json() as SetProductQuantityResponse;
    expect(added.cart).toEqual(await getInEnglish());
    const grown = (
      await inEnglish({ productSku: first.sku, quantity: 3 })
    ).json() as SetProductQuantityResponse;
    const afterGrow = await getInEnglish();
    expect(grown.cart).toEqual(afterGrow);
    expect(grown.cart.version).toBe(added.cart.version + 1);
    expect(grown.cart.cartItemIds).toEqual([first.sku, second.sku].sort());
    expect(
      grown.cart.cartItems.find((item) => item.product.sku === first.sku)?.product.productDetails[0]?.name,
    ).toBe('First in English');
    expect(grown.cart.totals.gross).toBe(3 * 1200 + 2 * 700);
    expect(grown.cart.currentShippingMethod?.code).toBe('pickup-customer');
    expect(grown.cart.currentPaymentMethod?.id).toBe(methods.bankTransfer);

    const removed = (
      await inEnglish({ productSku: second.sku, quantity: 0 })
    ).json() as SetProductQuantityResponse;
    expect(removed.cart).toEqual(await getInEnglish());
    expect(removed.cart.cartItemIds).toEqual([first.sku]);
  });

  it("answers exactly the response schema's JSON, every optional part filled or empty", async () => {
    // The routes send JSON.stringify of the answer without zod (cart.routes.ts): re-encoding the body
    // through the schema must give the same text (no field missing, extra, invalid or out of order).
    const exact = (
      body: string,
      schema: typeof cartResponseSchema | typeof setProductQuantityResponseSchema,
    ) => expect(body).toBe(JSON.stringify(schema.encode(JSON.parse(body) as never)));
    const buyer = await insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer], discountBp: 250 });
    const empty = await call('GET', '/api/cart', buyer.token);
    expect(empty.statusCode).toBe(200);
    exact(empty.body, cartResponseSchema);
    expect((empty.json() as CartResponse).cartId).toBeNull();

    const tiered = await insertProduct(testDb.handle, {
      prices: [
        {
          price: 2000,
          specialPrice: 1500,
          specialPriceStart: '2025-03-01T00:00:00.000Z',
          specialPriceEnd: null,
        },
        { price: 1800, quantityDiscount: 10, unit: 'carton' },
      ],
      packs: [
        { unit: 'piece', pieces: 1, barcode: '5990000000017' },
        { unit: 'carton', pieces: 10, barcode: null },
      ],
      minOrderQuantity: 'piece',
    });
    const photographed = await insertProduct(testDb.handle, { prices: [{ price: 990 }] });
    await testDb.handle.db
      .updateTable('products')
      .set({
        photos: JSON.stringify([
          {
            id: 1,
            hash: 'a'.repeat(64),
            width: 800,
            height: 600,
            widths: [200, 800],
            alt: { hu: 'Kép', en: 'Photo' },
          },
        ]),
      })
      .where('id', '=', photographed.id)
      .execute();
    const unpriced = await insertProduct(testDb.handle, { prices: [] });
    const first = await setQuantity(buyer.token, { productSku: tiered.sku, quantity: 12 });
    expect(first.statusCode).toBe(200);
    exact(first.body, setProductQuantityResponseSchema);
    await setQuantity(buyer.token, { productSku: photographed.sku, quantity: 3 });
    const warned = await setQuantity(buyer.token, { productSku: unpriced.sku, quantity: 2 });
    exact(warned.body, setProductQuantityResponseSchema);

    // Methods, a purchase-order number required, a minimum order and a credit limit: every part filled.
    await testDb.handle.db
      .updateTable('customers')
      .set({ purchase_order_number_required: 1, credit_limit: 5_000_000, open_balance: 1_000_000 })
      .where('id', '=', buyer.customerId)
      .execute();
    await testDb.handle.db
      .updateTable('shipping_methods')
      .set({ minimum_order_value: 10_000_000 })
      .where('code', '=', 'home-delivery')
      .execute();
    try {
      await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'home-delivery' });
      await call('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: methods.bankTransfer });
      await call('PUT', '/api/cart/comments', buyer.token, {
        commentWebshop: 'Kérem "gyorsan"',
        commentSupplier: '',
      });
      const full = await setQuantity(buyer.token, { productSku: tiered.sku, quantity: 13 });
      exact(full.body, setProductQuantityResponseSchema);
      const answer = full.json() as SetProductQuantityResponse;
      expect(answer.cart.credit).not.toBeNull();
      expect(answer.cart.minimumOrder).not.toBeNull();
      expect(answer.cart.purchaseOrderNumberRequired).toBe(true);
      expect(answer.cart.currentShippingMethod).not.toBeNull();
      expect(answer.cart.currentPaymentMethod).not.toBeNull();
      expect(
        answer.cart.cartItems.find((i) => i.product.sku === photographed.sku)?.product.photos,
      ).toHaveLength(1);
      expect(answer.cart.cartItems.find((i) => i.product.sku === tiered.sku)?.specialPrice).not.toBeNull();
      const read = await call('GET', '/api/cart', buyer.token);
      exact(read.body, cartResponseSchema);
      const english = await app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { authorization: `Bearer ${buyer.token}`, 'accept-language': 'en' },
      });
      exact(english.body, cartResponseSchema);
    } finally {
      await testDb.handle.db
        .updateTable('shipping_methods')
        .set({ minimum_order_value: 0 })
        .where('code', '=', 'home-delivery')
        .execute();
    }
  });

  it('bumps the cart version on every change', async () => {
    const buyer = await insertBuyer(ctx, { paymentMethodIds: [methods.bankTransfer] });
    const product = await insertProduct(testDb.handle);
    await setQuantity(buyer.token, { productSku: product.sku, quantity: 1 });
    const v1 = (await getCart(buyer.token)).version;
    await setQuantity(buyer.token, { productSku: product.sku, quantity: 2 });
    const v2 = (await getCart(buyer.token)).version;
    await call('PUT', '/api/cart/comments', buyer.token, { commentWebshop: 'x', commentSupplier: '' });
    const v3 = (await getCart(buyer.token)).version;
    await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'pickup-customer' });
    const v4 = (await getCart(buyer.token)).version;
    await call('PUT', '/api/cart/payment-method', buyer.token, { paymentMethodId: methods.bankTransfer });
    const v5 = (await getCart(buyer.token)).version;
    expect([v1, v2, v3, v4, v5]).toEqual([v1, v1 + 1, v1 + 2, v1 + 3, v1 + 4]);
  });

  it('refuses unknown and inactive products and bad input, changing nothing', async () => {
    const buyer = await insertBuyer(ctx);
    const inactive = await insertProduct(testDb.handle, { isActive: false });
    const unknown = await setQuantity(buyer.token, { productSku: 'NO-SUCH-SKU', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'ERR_PRODUCT_NOT_FOUND', params: { sku: 'NO-SUCH-SKU' } });
    const notOrderable = await setQuantity(buyer.token, { productSku: inactive.sku, quantity: 1 });
    expect(notOrderable.statusCode).toBe(409);
    expect(notOrderable.json()).toMatchObject({ error: 'ERR_PRODUCT_NOT_ORDERABLE' });
    for (const body of [
      { productSku: inactive.sku, quantity: -1 },
      { productSku: '', quantity: 1 },
      { quantity: 1 },
      { productSku: 'X', quantity: 1.5 },
      { productSku: 'X', quantity: '2' },
    ]) {
      const res = await setQuantity(buyer.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
    const cart = await getCart(buyer.token);
    expect(cart.count).toBe(0);
    expect(cart.cartId).toBeNull();
  });

  it('flags a non-orderable line and computes the totals with the method and logistics costs', async () => {
    const buyer = await insertBuyer(ctx, { logisticsCost: 150000 });
    const normal = await insertProduct(testDb.handle, { vat: 27, weight: 1000, prices: [{ price: 12700 }] });
    const flagged = await insertProduct(testDb.handle, {
      vat: 5,
      weight: 120,
      isOrderable: false,
      prices: [{ price: 1050 }],
    });
    await setQuantity(buyer.token, { productSku: normal.sku, quantity: 2 });
    await setQuantity(buyer.token, { productSku: flagged.sku, quantity: 10 });
    let cart = await getCart(buyer.token);
    expect(cart.containsNonOrderableProduct).toBe(true);
    expect(cart.cartItems.find((i) => i.product.sku === flagged.sku)?.orderable).toBe(false);
    expect(cart.totals).toEqual({
      gross: 35900,
      net: 30000,
      weight: 3200,
      pieces: 12,
      logisticsCost: 0,
      shippingMethodCost: 0,
      grandTotal: 35900,
    });

    await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'home-delivery' });
    cart = await getCart(buyer.token);
    expect(cart.currentShippingMethod).toEqual({
      code: 'home-delivery',
      name: 'Kiszállítás',
      cost: 0,
      isHomeDelivery: true,
    });
    expect(cart.totals).toMatchObject({ logisticsCost: 150000, shippingMethodCost: 0, grandTotal: 185900 });

    await call('PUT', '/api/cart/shipping-method', buyer.token, { shippingMethodCode: 'invoice-only' });
    cart = await getCart(buyer.token);
    expect(cart.totals).toMatchObject({ logisticsCost: 0, shippingMethodCost: 50000, grandTotal: 85900 });
  });

  it('answers catalogue changes at their next catalogue version and stock at once (the cart read model)', async () => {
    const buyer = await insertBuyer(ctx);
    const product = await insertProduct(testDb.handle, {
      name: 'Régi név',
      stock: 50,
      prices: [{ price: 10000 }],
    });
    await setQuantity(buyer.token, { productSku: product.sku, quantity: 3 });
    let line = (await getCart(buyer.token)).cartItems[0]!;
    expect(line.product.productDetails[0]?.name).toBe('Régi név');
    expect(line.currentPrice).toBe(10000);

    // Stock is read live: no catalogue version needed.
    await testDb.handle.db.updateTable('products').set({ stock: 7 }).where('id', '=', product.id).execute();
    line = (await getCart(buyer.token)).cartItems[0]!;
    expect(line.product.stock).toBe(7);

    // Names, prices and flags follow the catalogue version that every catalogue write bumps.
    await testDb.handle.db
      .updateTable('product_details')
      .set({ name: 'Új név' })
      .where('product_id', '=', product.id)
      .execute();
    await testDb.handle.db
      .updateTable('price_entries')
      .set({ price: 12000 })
      .where('product_id', '=', product.id)
      .execute();
    await testDb.handle.db
      .updateTable('products')
      .set({ is_orderable: 0 })
      .where('id', '=', product.id)
      .execute();
    await bumpCatalogueVersion(testDb.handle.db, ctx.now());
    const res = await setQuantity(buyer.token, { productSku: product.sku, quantity: 4 });
    const answered = (res.json() as SetProductQuantityResponse).cart.cartItems[0]!;
    expect(answered.product.productDetails[0]?.name).toBe('Új név');
    expect(answered.currentPrice).toBe(12000);
    expect(answered.lineGross).toBe(48000);
    expect(answered.orderable).toBe(false);
    expect((await getCart(buyer.token)).cartItems[0]).toEqual(answered);
  });

  it('deletes the whole cart', async () => {
    const buyer = await insertBuyer(ctx);
    const a = await insertProduct(testDb.handle);
    const b = await insertProduct(testDb.handle);
    await setQuantity(buyer.token, { productSku: a.sku, quantity: 1 });
    await setQuantity(buyer.token, { productSku: b.sku, quantity: 1 });
    expect((await getCart(buyer.token)).count).toBe(2);
    const res = await call('DELETE', '/api/cart/delete', buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: true });
    expect((await getCart(buyer.token)).count).toBe(0);
    // Deleting an empty (or never created) cart is fine too.
    const other = await insertBuyer(ctx);
    expect((await call('DELETE', '/api/cart/delete', other.token)).json()).toEqual({ data: true });
  });

  it('saves and reads the comments, refusing overlong ones', async () => {
    const buyer = await insertBuyer(ctx);
    expect((await call('GET', '/api/cart/comments', buyer.token)).json()).toEqual({
      commentWebshop: '',
      commentSupplier: '',
    });
    const saved = await call('PUT', '/api/cart/comments', buyer.token, {
      commentWebshop: 'Hívjanak előtte!',
      commentSupplier: 'Rámpa: 2',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: true });
    expect((await call('GET', '/api/cart/comments', buyer.token)).json()).toEqual({
      commentWebshop: 'Hívjanak előtte!',
      commentSupplier: 'Rámpa: 2',
    });
    const tooLong = await call('PUT', '/api/cart/comments', buyer.token, {
      commentWebshop: 'x'.repeat(1001),
      commentSupplier: '',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const cart = await getCart(buyer.token);
    expect(cart.commentWebshop).toBe('Hívjanak előtte!');
    expect(cart.commentSupplier).toBe('Rámpa: 2');
  });

  it('adds quick-order lines by SKU and barcode and reports corrections and rejections', async () => {
    const buyer = await insertBuyer(ctx);
    const plain = await insertProduct(testDb.handle, { stock: 100 });
    const stepped = await insertProduct(testDb.handle, { stock: 100, step: 6, prices: [{ price: 500 }] });
    const cartoned = await insertProduct(testDb.handle, {
      stock: 100,
      packs: [
        { unit: 'piece', pieces: 1, barcode: '5990000000011' },
        { unit: 'carton', pieces: 12, barcode: '5990000000028' },
      ],
    });
    const inactive = await insertProduct(testDb.handle, { isActive: false });
    const text = [
      `${plain.sku};3`,
      `${stepped.sku.toLowerCase()}\t7`,
      '5990000000028, 2',
      '# a comment',
      '',
      `${inactive.sku};1`,
      'NOPE-404;1',
      `${plain.sku};abc`,
      `${plain.sku}`,
    ].join('\n');
    const res = await call('POST', '/api/cart/quick-order', buyer.token, { lines: text });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as CartAdditionResponse;
    expect(result.added).toEqual([
      { line: 1, code: plain.sku, sku: plain.sku, requested: 3, quantity: 3, cartQuantity: 3 },
      { line: 3, code: '5990000000028', sku: cartoned.sku, requested: 24, quantity: 24, cartQuantity: 24 },
      { line: 9, code: plain.sku, sku: plain.sku, requested: 1, quantity: 1, cartQuantity: 4 },
    ]);
    expect(result.corrected).toEqual([
      {
        line: 2,
        code: stepped.sku.toLowerCase(),
        sku: stepped.sku,
        requested: 7,
        quantity: 12,
        cartQuantity: 12,
        warnings: ['order_quantity_step_correction'],
      },
    ]);
    expect(result.rejected).toEqual([
      { line: 6, code: inactive.sku, reason: 'ERR_PRODUCT_NOT_ORDERABLE' },
      { line: 7, code: 'NOPE-404', reason: 'ERR_PRODUCT_NOT_FOUND' },
      { line: 8, code: plain.sku, reason: 'ERR_VALIDATION' },
    ]);
    const cart = await getCart(buyer.token);
    const quantities = Object.fromEntries(cart.cartItems.map((i) => [i.product.sku, i.quantity]));
    expect(quantities).toEqual({ [plain.sku]: 4, [stepped.sku]: 12, [cartoned.sku]: 24 });

    // The list form, and the 500-line limit.
    const listed = await call('POST', '/api/cart/quick-order', buyer.token, {
      lines: [{ code: plain.sku, quantity: 1000 }],
    });
    expect((listed.json() as CartAdditionResponse).corrected).toEqual([
      {
        line: 1,
        code: plain.sku,
        sku: plain.sku,
        requested: 1000,
        quantity: 96,
        cartQuantity: 100,
        warnings: ['quantity_to_order_is_not_available'],
      },
    ]);
    const tooMany = await call('POST', '/api/cart/quick-order', buyer.token, {
      lines: Array.from({ length: 501 }, () => `${plain.sku};1`).join('\n'),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    expect((await getCart(buyer.token)).cartItems.find((i) => i.product.sku === plain.sku)?.quantity).toBe(
      100,
    );
  });

  it("keeps customers' carts apart and refuses callers without a customer", async () => {
    const alice = await insertBuyer(ctx);
    const bob = await insertBuyer(ctx);
    const product = await insertProduct(testDb.handle);
    await setQuantity(alice.token, { productSku: product.sku, quantity: 5 });
    expect((await getCart(bob.token)).count).toBe(0);
    await setQuantity(bob.token, { productSku: product.sku, quantity: 0 });
    await call('DELETE', '/api/cart/delete', bob.token);
    expect((await getCart(alice.token)).cartItems[0]?.quantity).toBe(5);

    const staff = await insertStaff(ctx);
    const forbidden = await call('GET', '/api/cart', staff.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'ERR_FORBIDDEN' });
    expect((await call('GET', '/api/cart')).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/cart/set-product-quantity', undefined, {
          productSku: product.sku,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(401);

    const agent = await insertAgent(ctx);
    for (const [method, url, body] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart/set-product-quantity', { productSku: product.sku, quantity: 1 }],
      ['GET', '/api/cart/comments', undefined],
      ['DELETE', '/api/cart/delete', undefined],
    ] as const) {
      const res = await call(method, url, agent.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
    }
  });
  it("lists the cart's products through products/all inCart, only the acting customer's, inactive ones too", async () => {
    const alice = await insertBuyer(ctx);
    const bob = await insertBuyer(ctx);
    const first = await insertProduct(testDb.handle, { name: 'Kosárban egy' });
    const second = await insertProduct(testDb.handle, { name: 'Kosárban kettő' });
    const other = await insertProduct(testDb.handle, { name: 'Nincs a kosárban' });
    const cartQuery = '/api/products/all?inCart=true&productsPerPage=99999&currentPage=1&caching=false';

    // No cart yet: an empty answer, nothing created.
    expect((await call('GET', cartQuery, alice.token)).json()).toEqual({
      products: [],
      count: 0,
      manufacturers: [],
    });
    await setQuantity(alice.token, { productSku: first.sku, quantity: 2 });
    await setQuantity(alice.token, { productSku: second.sku, quantity: 3 });
    await setQuantity(bob.token, { productSku: other.sku, quantity: 1 });
    // A product switched off after it was put in the cart still shows (as non-orderable).
    await testDb.handle.db
      .updateTable('products')
      .set({ is_active: 0 })
      .where('id', '=', second.id)
      .execute();

    const res = await call('GET', cartQuery, alice.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const body = res.json() as {
      products: { sku: string; isActive: boolean; prices: unknown[] }[];
      count: number;
    };
    expect(body.count).toBe(2);
    expect(body.products.map((p) => p.sku).sort()).toEqual([first.sku, second.sku].sort());
    expect(body.products.find((p) => p.sku === second.sku)?.isActive).toBe(false);
    expect(body.products.every((p) => p.prices.length > 0)).toBe(true);

    // Bob sees his own cart only; the listing without inCart never shows the inactive product.
    const bobs = (await call('GET', cartQuery, bob.token)).json() as { products: { sku: string }[] };
    expect(bobs.products.map((p) => p.sku)).toEqual([other.sku]);
    const all = (await call('GET', '/api/products/all?productsPerPage=99999', alice.token)).json() as {
      products: { sku: string }[];
    };
    expect(all.products.some((p) => p.sku === second.sku)).toBe(false);

    // Anonymous: 401; an agent without a current address: ERR_NO_CURRENT_SHIPPING; an agent acting
    // for Alice's customer sees the agent's own cart for her (empty), never Alice's.
    const anonymous = await call('GET', cartQuery);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
    const agent = await insertAgent(ctx);
    const noAddress = await call('GET', cartQuery, agent.token);
    expect(noAddress.statusCode).toBe(409);
    expect(noAddress.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
    const bad = await call('GET', '/api/products/all?inCart=maybe', alice.token);
    expect(bad.statusCode).toBe(400);
  });
});

describe('the write path of the cart and the checkout', () => {
  it('goes through runWrite (group commit on SQLite): no service opens a transaction of its own', async () => {
    const services = ['../cart/cart.service.ts', '../checkout/checkout.service.ts'];
    for (const file of services) {
      const source = await readFile(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/\.transaction\(\)/);
      expect(source.includes('runWrite(') || source.includes('saveCartFields('), file).toBe(true);
    }
  });
});
