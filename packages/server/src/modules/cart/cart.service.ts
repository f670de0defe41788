import type {
  CartAdditionResponse,
  CartComments,
  CartItem,
  CartResponse,
  QuickOrderLine,
  SetProductQuantityResponse,
} from '@shop/shared/contracts/cart';
import { parseQuickOrderText, QUICK_ORDER_MAX_LINES } from '@shop/shared/contracts/cart';
import type { ErrorCode } from '@shop/shared/errors/error-codes';
import { cartTotals } from '@shop/shared/rules/cart-totals';
import {
  containsNonOrderable,
  isLineDropped,
  type LineOrderabilityFields,
} from '@shop/shared/rules/non-orderable';
import type { AppContext } from '../../app-context';
import type { DatabaseHandle } from '../../db/connection';
import { runWrite } from '../../db/group-commit';
import { batcherOf, createStatementBatcher, STATEMENT_BATCHING } from '../../db/statement-batcher';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { cartRules, cartRulesOf } from '../checkout/checkout-rules.service';
import { catalogueSettingsOf, FEW_STOCK_THRESHOLD_KEY } from '../products/catalogue-cache.service';
import { CATALOGUE_VERSION_KEY } from '../products/catalogue-version';
import { type ActingCustomer, resolveActingCustomer } from '../shipping-addresses/acting-customer.service';
import {
  cartProductOf,
  cartReadModel,
  correctFor,
  lineOrderability,
  loadPricedProducts,
  pricedLine,
  pricedFromReadModel,
} from './cart-pricing.service';
import { membershipOrNull, productsOutsideAssortment } from '../assortments/assortment-membership';
import * as repo from './cart.repository';
import { isLanguage } from '@shop/shared/i18n/languages';
import { shopPhotos } from '../product-photos/photo-json';

/* ------------------------------------------------------------------ GET /api/cart */

export async function getCart(
  ctx: AppContext,
  auth: AuthUser | null,
  language: string,
): Promise<CartResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  return buildCart(ctx, acting, language);
}

/** The cart of the acting customer as the API shows it (prices computed now, on the server). */
export async function buildCart(
  ctx: AppContext,
  acting: ActingCustomer,
  language: string,
): Promise<CartResponse> {
  const db = ctx.database.db;
  // Two statements side by side: the cart row with everything around it, and its lines with stock.
  const [context, lines] = await Promise.all([
    readCartContext(db, acting),
    repo.findCartLinesWithStock(db, acting.userId, acting.customerId),
  ]);
  return cartAnswer(ctx, acting, language, context, cartRowOf(context), lines);
}

const CONTEXT_KEYS: repo.CartContextKeys = {
  catalogueVersionKey: CATALOGUE_VERSION_KEY,
  fewStockThresholdKey: FEW_STOCK_THRESHOLD_KEY,
};

/** The cart's context (repo.findCartContext) for the acting customer and its current address. */
function readCartContext(
  db: Kysely<Database>,
  acting: ActingCustomer,
): Promise<repo.CartContextRow | undefined> {
  return repo.findCartContext(db, CONTEXT_KEYS, acting.userId, acting.customerId, acting.shippingAddressId);
}

/** The cart row the context query read, or undefined when the user has no cart yet. */
function cartRowOf(context: repo.CartContextRow | undefined): repo.CartRow | undefined {
  if (!context || context.cart_id === null) return undefined;
  return {
    id: context.cart_id,
    user_id: context.cart_user_id!,
    customer_id: context.cart_customer_id!,
    shipping_method_id: context.cart_shipping_method_id,
    payment_method_id: context.cart_payment_method_id,
    delivery_date: context.cart_delivery_date,
    comment_webshop: context.cart_comment_webshop ?? '',
    comment_supplier: context.cart_comment_supplier ?? '',
    purchase_order_number: context.cart_purchase_order_number ?? '',
    version: context.cart_version ?? 0,
    created_at: context.cart_created_at!,
    updated_at: context.cart_updated_at!,
  };
}

/**
 * The API's cart from its context row (findCartContext: methods, address, rules, assortment,
 * settings), the cart row (as read, or as the write that changed it left it) and its lines with live
 * stock. Names, pack sizes, flags and price entries come from the read model in memory
 * (cartReadModel), read from the database only for products it does not hold yet; the assortment's
 * membership is cached per catalogue version; a credit limit costs one more query.
 */
async function cartAnswer(
  ctx: AppContext,
  acting: ActingCustomer,
  language: string,
  context: repo.CartContextRow | undefined,
  cart: repo.CartRow | undefined,
  items: readonly repo.CartLineWithStock[],
): Promise<CartResponse> {
  const db = ctx.database.db;
  const dialect = ctx.database.dialect;
  const now = ctx.now();
  const ids = items.map((item) => item.product_id);
  const settings = catalogueSettingsOf(context?.catalogue_version, context?.few_stock_threshold);
  const assortmentId = context?.own_assortment_id ?? context?.group_assortment_id ?? null;
  const customerRules =
    context && context.customer_id !== null
      ? {
          id: context.customer_id,
          purchase_order_number_required: context.purchase_order_number_required,
          credit_limit: context.credit_limit,
          open_balance: context.open_balance,
          open_balance_at: context.open_balance_at,
        }
      : undefined;
  const [statics, membership, rulesRead] = await Promise.all([
    cartReadModel(ctx, settings.version).then((model) => model.staticProducts(db, dialect, ids)),
    // Lines of products outside the customer's assortment are not shown (place-order leaves them out).
    ids.length > 0 ? membershipOrNull(db, settings.version, assortmentId) : Promise.resolve(null),
    cartRulesOf(db, customerRules),
  ]);
  const stock = new Map(items.map((item) => [item.product_id, item.stock]));
  const shippingMethod =
    context?.sm_id != null
      ? {
          code: context.sm_code!,
          name: context.sm_name!,
          cost: context.sm_cost!,
          is_home_delivery: context.sm_is_home_delivery!,
          minimum_order_value: context.sm_minimum_order_value!,
        }
      : undefined;
  const paymentMethod =
    context?.pm_id != null
      ? {
          id: context.pm_id,
          code: context.pm_code!,
          name: context.pm_name!,
          term_days: context.pm_term_days!,
          is_deferred: context.pm_is_deferred!,
        }
      : undefined;
  const address =
    context?.address_logistics_cost != null ? { logistics_cost: context.address_logistics_cost } : undefined;

  const cartItems: CartItem[] = [];
  const lines: LineOrderabilityFields[] = [];
  for (const item of items) {
    const stored = statics.get(item.product_id);
    const pieces = stock.get(item.product_id);
    if (!stored || pieces === undefined) continue;
    if (membership && !membership.has(item.product_id)) continue;
    const product = pricedFromReadModel(stored, pieces, acting);
    const line = lineOrderability(product);
    lines.push(line);
    const detail =
      stored.details.find((d) => d.language === language) ??
      stored.details.find((d) => d.language === 'hu') ??
      stored.details[0];
    const packSizes = stored.packSizes;
    const { prices, totals } = pricedLine(product, item.quantity, now);
    cartItems.push({
      quantity: item.quantity,
      ...prices,
      lineGross: totals.gross,
      lineNet: totals.net,
      lineWeight: totals.weight,
      orderable: !isLineDropped(line),
      product: {
        ...cartProductOf(product, detail, packSizes, settings.fewStockThreshold),
        photos: shopPhotos(stored.photos, isLanguage(language) ? language : 'hu'),
      },
    });
  }
  cartItems.sort((a, b) => a.product.sku.localeCompare(b.product.sku));

  const isHomeDelivery = shippingMethod?.is_home_delivery === 1;
  const totals = cartTotals(
    cartItems.map((item) => ({
      currentPrice: item.currentPrice,
      quantity: item.quantity,
      vat: item.product.vat,
      weight: item.product.weight,
    })),
    {
      logisticsCost: address ? Number(address.logistics_cost) : 0,
      shippingMethodCost: shippingMethod ? Number(shippingMethod.cost) : 0,
      isHomeDelivery,
    },
  );
  // Purchase-order number, minimum order value and credit (issue 16).
  const rules = cartRules(
    rulesRead,
    shippingMethod ? Number(shippingMethod.minimum_order_value) : 0,
    totals.gross,
  );
  return {
    cartId: cart?.id ?? null,
    version: cart?.version ?? 0,
    customerId: acting.customerId,
    shippingAddressId: acting.shippingAddressId,
    cartItems,
    count: cartItems.length,
    cartItemIds: cartItems.map((item) => item.product.sku),
    totals: {
      gross: totals.gross,
      net: totals.net,
      weight: totals.weight,
      pieces: totals.pieces,
      logisticsCost: totals.logisticsCost,
      shippingMethodCost: totals.shippingMethodCost,
      grandTotal: totals.grandTotal,
    },
    currentShippingMethod: shippingMethod
      ? {
          code: shippingMethod.code,
          name: shippingMethod.name,
          cost: Number(shippingMethod.cost),
          isHomeDelivery,
        }
      : null,
    currentPaymentMethod: paymentMethod
      ? {
          id: paymentMethod.id,
          code: paymentMethod.code,
          name: paymentMethod.name,
          termDays: paymentMethod.term_days,
          isDeferred: paymentMethod.is_deferred === 1,
        }
      : null,
    paymentMethodId: cart?.payment_method_id ?? null,
    deliveryDate: cart?.delivery_date ?? null,
    commentWebshop: cart?.comment_webshop ?? '',
    commentSupplier: cart?.comment_supplier ?? '',
    containsNonOrderableProduct: containsNonOrderable(lines),
    purchaseOrderNumber: cart?.purchase_order_number ?? '',
    ...rules,
  };
}

/* ------------------------------------------------------- POST /api/cart/set-product-quantity */

/**
 * Set-product-quantity's read before its write (repo.findCartContextWithProduct). On PostgreSQL the
 * reads of the requests that arrive together go in one statement, as their token checks do
 * (docs/decisions/0027-batched-token-checks.md): a read is sent after it was asked, so it is as fresh
 * as a statement of its own. On SQLite each reads its own.
 */
function readCartContextWithProduct(
  handle: DatabaseHandle,
  call: repo.CartContextCall,
): Promise<repo.CartContextWithProductRow | undefined> {
  if (handle.dialect !== 'postgres') {
    return repo.findCartContextWithProduct(
      handle.db,
      CONTEXT_KEYS,
      call.userId,
      call.customerId,
      call.addressId,
      call.sku,
    );
  }
  const read = batcherOf(handle, 'cart contexts', () =>
    createStatementBatcher(
      (calls: readonly repo.CartContextCall[]) =>
        repo.findCartContextsWithProducts(handle.db, CONTEXT_KEYS, calls),
      STATEMENT_BATCHING,
    ),
  );
  return read(call);
}

type WrittenCart = { cart: repo.CartRow; items: repo.CartLineWithStock[] };

/**
 * Set-product-quantity's write: the cart row (created, or its version bumped), then its line, and the
 * cart's lines after the write with live stock, so the answer shows what it made.
 *
 * On PostgreSQL the writes of the buyers who click together go in one statement
 * (repo.writeCartLines; one call per cart in a batch: a second click on a cart waits for the next;
 * decision 0028), so a burst of clicks costs one round trip and one commit instead of one each, as
 * SQLite's group commit shares one transaction among them. When a batch's statement fails (nothing of
 * it was written), each of its calls is written alone, so one buyer's failure (a product deleted since
 * the read) is that buyer's. Where the statement cannot answer the lines (another write to the cart
 * came between its snapshot and its lock) they are read after it.
 */
export async function writeCartLine(handle: DatabaseHandle, call: repo.CartLineWrite): Promise<WrittenCart> {
  if (handle.dialect !== 'postgres') {
    return runWrite(handle, async (trx) => {
      // The cart row first, then its line: the same lock order as place-order (no deadlock).
      const { cart } = await repo.writeCartLine(trx, 'sqlite', call);
      return { cart, items: await repo.findCartLinesWithStock(trx, call.userId, call.customerId) };
    });
  }
  const write = batcherOf(handle, 'cart lines', () =>
    createStatementBatcher(
      async (calls: readonly repo.CartLineWrite[]): Promise<PromiseSettledResult<repo.WrittenCartLine>[]> => {
        try {
          const written = await repo.writeCartLines(handle.db, calls);
          return written.map((value) => ({ status: 'fulfilled', value }));
        } catch {
          return Promise.allSettled(calls.map((one) => repo.writeCartLine(handle.db, 'postgres', one)));
        }
      },
      { ...STATEMENT_BATCHING, keyOf: (one) => `${one.userId}:${one.customerId}` },
    ),
  );
  const settled = await write(call);
  if (settled.status === 'rejected') throw settled.reason;
  const { cart, items } = settled.value;
  return {
    cart,
    items: items ?? (await repo.findCartLinesWithStock(handle.db, call.userId, call.customerId)),
  };
}

export async function setProductQuantity(
  ctx: AppContext,
  auth: AuthUser | null,
  productSku: string,
  requested: number,
  language: string,
): Promise<SetProductQuantityResponse> {
  const db = ctx.database.db;
  // Who orders first: a caller who may not order learns that before anything about the product.
  const acting = await resolveActingCustomer(ctx, auth);
  // The cart's context (methods, address, rules, assortment, catalogue version) with the product's id
  // and live stock, in one statement; the product's other fields from the cart's read model at that
  // catalogue version, as the answer's lines (every catalogue write bumps it, decision 0008).
  const context = await readCartContextWithProduct(ctx.database, {
    userId: acting.userId,
    customerId: acting.customerId,
    addressId: acting.shippingAddressId,
    sku: productSku,
  });
  // The customer row is gone (deleted since the token's check): it may order nothing.
  if (!context) throw new AppError('ERR_FORBIDDEN');
  const productId = context.product_id;
  if (productId === null) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku: productSku });
  const settings = catalogueSettingsOf(context.catalogue_version, context.few_stock_threshold);
  const [statics, membership] = await Promise.all([
    cartReadModel(ctx, settings.version).then((model) =>
      model.staticProducts(db, ctx.database.dialect, [productId]),
    ),
    membershipOrNull(db, settings.version, context.own_assortment_id ?? context.group_assortment_id),
  ]);
  const stored = statics.get(productId);
  if (!stored) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku: productSku });
  if (requested > 0 && !stored.isActive) throw new AppError('ERR_PRODUCT_NOT_ORDERABLE', { sku: stored.sku });
  // Outside the customer's assortment the product is not found; a line of it may still be removed.
  const outside = membership !== null && !membership.has(productId);
  if (outside && requested > 0) throw new AppError('ERR_PRODUCT_NOT_FOUND', { sku: productSku });
  const correction = outside
    ? { quantity: 0, warnings: [] }
    : correctFor(pricedFromReadModel(stored, Number(context.product_stock ?? 0), acting), requested);
  const written = await writeCartLine(ctx.database, {
    userId: acting.userId,
    customerId: acting.customerId,
    productId,
    quantity: correction.quantity,
    nowIso: ctx.now().toISOString(),
  });
  // The answer's methods are those of the cart row as written: when a change of them came in between
  // (the context was read before the write), the context is read again.
  const answerContext =
    (context.cart_shipping_method_id ?? null) === written.cart.shipping_method_id &&
    (context.cart_payment_method_id ?? null) === written.cart.payment_method_id
      ? context
      : await readCartContext(db, acting);
  const cart = await cartAnswer(ctx, acting, language, answerContext, written.cart, written.items);
  return { data: true, quantity: correction.quantity, warnings: correction.warnings, cart };
}

/* ------------------------------------------------------------ DELETE /api/cart/delete */

/** Empties the cart (its lines); the chosen methods, delivery day and comments stay. */
export async function deleteCart(ctx: AppContext, auth: AuthUser | null): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  const nowIso = ctx.now().toISOString();
  await runWrite(ctx.database, async (trx) => {
    const cart = await repo.findCart(trx, acting.userId, acting.customerId);
    if (!cart) return;
    await repo.saveCartRow(trx, cart.id, nowIso);
    await repo.deleteAllCartItems(trx, cart.id);
  });
}

/* -------------------------------------------------------------- comments and checkout choices */

export async function getComments(ctx: AppContext, auth: AuthUser | null): Promise<CartComments> {
  const acting = await resolveActingCustomer(ctx, auth);
  const cart = await repo.findCart(ctx.database.db, acting.userId, acting.customerId);
  return { commentWebshop: cart?.comment_webshop ?? '', commentSupplier: cart?.comment_supplier ?? '' };
}

export async function setComments(
  ctx: AppContext,
  auth: AuthUser | null,
  comments: CartComments,
): Promise<void> {
  const acting = await resolveActingCustomer(ctx, auth);
  await saveCartFields(ctx, acting, {
    comment_webshop: comments.commentWebshop,
    comment_supplier: comments.commentSupplier,
  });
}

/**
 * Saves fields of the acting customer's cart row (the cart is created by its first write): the
 * comments here, the shipping and payment method and the delivery day in checkout.service.ts.
 */
export async function saveCartFields(
  ctx: AppContext,
  acting: ActingCustomer,
  fields: repo.CartFields,
): Promise<void> {
  const nowIso = ctx.now().toISOString();
  await runWrite(ctx.database, async (trx) => {
    const cart = await repo.ensureCart(trx, acting.userId, acting.customerId, nowIso);
    await repo.saveCartRow(trx, cart.id, nowIso, fields);
  });
}

/* ------------------------------------------------------- quick order and order again */

/** One line to add: a product (or why not) and the pieces it asks for. */
export interface AdditionRequest {
  line: number;
  code: string;
  /** Resolved product id, or the reason it is rejected. */
  target: { productId: number; pieces: number } | { reason: ErrorCode };
}

/**
 * Adds lines to the acting customer's cart in one transaction: each line's pieces are added to the
 * product's quantity in the cart and the sum goes through the quantity correction; inactive
 * products are rejected. One version bump for the whole batch.
 */
export async function addToCart(
  ctx: AppContext,
  acting: ActingCustomer,
  requests: readonly AdditionRequest[],
): Promise<CartAdditionResponse> {
  const db = ctx.database.db;
  const result: CartAdditionResponse = { data: true, added: [], corrected: [], rejected: [] };
  const productIds = [
    ...new Set(requests.flatMap((r) => ('productId' in r.target ? [r.target.productId] : []))),
  ];
  const rows = await repo.findProductsByIds(db, productIds);
  const priced = await loadPricedProducts(db, rows, acting);
  const nowIso = ctx.now().toISOString();

  await runWrite(ctx.database, async (trx) => {
    const cart = await repo.ensureCart(trx, acting.userId, acting.customerId, nowIso);
    // Lock the cart row before reading its lines, so a concurrent place-order is either before or after.
    await repo.lockCartRow(trx, cart.id);
    const existing = await repo.findCartQuantities(trx, cart.id, productIds);
    const inCart = new Map(existing.map((row) => [row.product_id, row.quantity]));
    const touched = new Set<number>();
    for (const request of requests) {
      const target = request.target;
      if ('reason' in target) {
        result.rejected.push({ line: request.line, code: request.code, reason: target.reason });
        continue;
      }
      const product = priced.get(target.productId);
      if (!product) {
        result.rejected.push({ line: request.line, code: request.code, reason: 'ERR_PRODUCT_NOT_FOUND' });
        continue;
      }
      if (product.row.is_active !== 1) {
        result.rejected.push({ line: request.line, code: request.code, reason: 'ERR_PRODUCT_NOT_ORDERABLE' });
        continue;
      }
      const before = inCart.get(product.row.id) ?? 0;
      const wanted = before + target.pieces;
      const correction = correctFor(product, wanted);
      // Adding never takes pieces away: a correction below what is already in the cart adds nothing.
      const cartQuantity = Math.max(correction.quantity, before);
      const entry = {
        line: request.line,
        code: request.code,
        sku: product.row.sku,
        requested: target.pieces,
        quantity: cartQuantity - before,
        cartQuantity,
      };
      if (correction.warnings.length === 0 && correction.quantity === wanted) result.added.push(entry);
      else result.corrected.push({ ...entry, warnings: correction.warnings });
      if (cartQuantity !== before) {
        inCart.set(product.row.id, cartQuantity);
        touched.add(product.row.id);
      }
    }
    for (const productId of touched) {
      const quantity = inCart.get(productId) ?? 0;
      if (quantity > 0) await repo.upsertCartItem(trx, cart.id, productId, quantity, nowIso);
      else await repo.deleteCartItem(trx, cart.id, productId);
    }
    if (touched.size > 0) await repo.saveCartRow(trx, cart.id, nowIso);
  });
  return result;
}

/** POST /api/cart/quick-order */
export async function quickOrder(
  ctx: AppContext,
  auth: AuthUser | null,
  input: string | { code: string; quantity: number }[],
): Promise<CartAdditionResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  const lines: QuickOrderLine[] =
    typeof input === 'string'
      ? parseQuickOrderText(input)
      : input.map((item, index) => ({ line: index + 1, code: item.code.trim(), quantity: item.quantity }));
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    throw new AppError('ERR_VALIDATION', { field: 'body.lines', maximum: QUICK_ORDER_MAX_LINES });
  }
  const requests = await resolveCodes(ctx, lines);
  return addToCart(ctx, acting, requests);
}

/**
 * Lines whose product is outside the customer's assortment become ERR_PRODUCT_NOT_FOUND, as an
 * unknown code (modules/assortments): for imports that resolve codes without the cart's pricing.
 */
export async function hideOutsideAssortment(
  ctx: AppContext,
  customerId: number,
  requests: readonly AdditionRequest[],
): Promise<AdditionRequest[]> {
  const outside = await productsOutsideAssortment(
    ctx.database.db,
    customerId,
    requests.flatMap((r) => ('productId' in r.target ? [r.target.productId] : [])),
  );
  return requests.map((r) =>
    'productId' in r.target && outside.has(r.target.productId)
      ? { ...r, target: { reason: 'ERR_PRODUCT_NOT_FOUND' } }
      : r,
  );
}

/**
 * SKU first (as typed, then upper-case), then a pack barcode. A barcode of a pack of several pieces
 * orders that many packs: the line's quantity is multiplied by the pack's pieces.
 */
export async function resolveCodes(
  ctx: AppContext,
  lines: readonly QuickOrderLine[],
): Promise<AdditionRequest[]> {
  const db = ctx.database.db;
  const codes = [...new Set(lines.map((l) => l.code).filter((c) => c.length > 0 && c.length <= 64))];
  const skuCandidates = [...new Set(codes.flatMap((c) => [c, c.toUpperCase()]))];
  const [bySku, byBarcode] = await Promise.all([
    repo.findProductsBySkus(db, skuCandidates),
    repo.findPacksByBarcodes(db, codes),
  ]);
  const skuMap = new Map(bySku.map((p) => [p.sku, p.id]));
  const barcodeMap = new Map<string, { productId: number; pieces: number }>();
  for (const pack of byBarcode) {
    if (pack.barcode !== null && !barcodeMap.has(pack.barcode)) {
      barcodeMap.set(pack.barcode, { productId: pack.product_id, pieces: Math.max(1, pack.pieces) });
    }
  }
  return lines.map((line): AdditionRequest => {
    if (line.quantity === null || line.code === '')
      return { line: line.line, code: line.code, target: { reason: 'ERR_VALIDATION' } };
    const skuId = skuMap.get(line.code) ?? skuMap.get(line.code.toUpperCase());
    if (skuId !== undefined)
      return { line: line.line, code: line.code, target: { productId: skuId, pieces: line.quantity } };
    const pack = barcodeMap.get(line.code);
    if (pack)
      return {
        line: line.line,
        code: line.code,
        target: { productId: pack.productId, pieces: line.quantity * pack.pieces },
      };
    return { line: line.line, code: line.code, target: { reason: 'ERR_PRODUCT_NOT_FOUND' } };
  });
}
