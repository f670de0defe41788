import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type {
  PlaceOrderError,
  PlaceOrderOrApprovalResponse,
  PlaceOrderResponse,
} from '@shop/shared/contracts/orders';
import { isLanguage, type Language } from '@shop/shared/i18n/languages';
import { cartTotals, lineTotals } from '@shop/shared/rules/cart-totals';
import { isDeliveryDayAllowed } from '@shop/shared/rules/delivery-days';
import { isLineDropped } from '@shop/shared/rules/non-orderable';
import { isOrderingOpen } from '@shop/shared/rules/shop-closed';
import type { AppContext } from '../../app-context';
import { runWrite } from '../../db/group-commit';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import {
  correctFor,
  lineOrderability,
  loadPricedProducts,
  priceAt,
  type PricedProduct,
} from '../cart/cart-pricing.service';
import * as cartRepo from '../cart/cart.repository';
import { orderTotalErrors, purchaseOrderNumberErrors } from '../checkout/checkout-rules.service';
import { deliveryOptionsFor } from '../checkout/delivery-days.service';
import { type ActingCustomer, resolveActingCustomer } from '../shipping-addresses/acting-customer.service';
import { readShopState } from '../shop/shop.service';
import { enqueue, wakeOutbox } from '../outbox/outbox.service';
import { exportedOrder } from '../integration/orders-export.service';
import { enqueueEvent } from '../webhooks/webhook-events';
import { type OrderMailData, renderOrderConfirmation, withLinePhotos } from './order-mail';
import * as repo from './orders.repository';
import { type OrderCheckout, requestApprovalIfNeeded } from '../approvals/approval-request.service';

/** Thrown inside the transaction to roll it back and answer the list of reasons. */
class OrderRefused extends Error {
  constructor(readonly errors: PlaceOrderError[]) {
    super('order refused');
  }
}

function isSourceCartConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown };
  if (e.code === '23505') return String(e.constraint ?? '') === 'orders_source_cart_uq';
  return (
    typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed: orders.source_cart_id')
  );
}

interface Placed {
  orderId: number;
  removedProducts: string[];
  mail: OrderMailData;
  customerEmail: string;
  customerId: number;
  language: Language;
  /** The customer's sales agent, who gets a copy. */
  agentUserId: number | null;
  /** The agent who placed the order, if one did. */
  placedByAgentId: number | null;
}

/** Issue 15: the cart went into a pending approval request instead of an order. */
interface SentForApproval {
  approvalId: number;
}

/**
 * POST /api/orders/place-order: one transaction (docs/decisions/0006-orders-and-stock.md).
 * Answers `{ data: true, orderId, removedProducts }` or `{ data: [{ error, params }] }` — after a
 * refusal nothing has changed. The confirmation mails are written to the outbox in the same
 * transaction (docs/decisions/0019-outbox.md) and delivered right after the commit.
 */
export async function placeOrder(
  ctx: AppContext,
  auth: AuthUser | null,
  _log: FastifyBaseLogger,
): Promise<PlaceOrderOrApprovalResponse> {
  let acting: ActingCustomer;
  try {
    acting = await resolveActingCustomer(ctx, auth);
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.code === 'ERR_NO_CURRENT_SHIPPING' || error.code === 'ERR_NO_SHIPPING')
    ) {
      return { data: [{ error: error.code }] };
    }
    throw error;
  }
  // A company login whose chosen address is not one it may use (issue 15).
  if (!acting.shippingAddressAllowed) return { data: [{ error: 'ERR_ADDRESS_NOT_ALLOWED' }] };

  return placeFrom(ctx, acting, { kind: 'cart' });
}

/**
 * Where an order's lines and checkout choices come from.
 * - `cart`: the acting user's cart (POST /api/orders/place-order), priced now; the cart is emptied.
 * - `snapshot`: lines at fixed gross unit prices (minor units per piece) with the checkout choices
 *   kept with them: an approved order request (issue 15), an accepted quote (issue 16). Nothing from
 *   the browser sets these prices; the caller reads them from its own record.
 *
 * Every other rule of place-order applies to both the same way: shop closed, shipping and payment
 * method, address, purchase-order number, delivery day, stock, quantity rules, minimum order value,
 * credit limit. A snapshot line whose product can no longer be ordered refuses the order (a cart
 * drops it and names it in `removedProducts`): what was agreed is ordered whole or not at all.
 */
export type OrderSource = { kind: 'cart' } | SnapshotSource;

export interface SnapshotSource {
  kind: 'snapshot';
  /**
   * The order's idempotency key, stored in `orders.source_cart_id` / `source_cart_version` (unique
   * together): for a cart its id and version. A snapshot names itself so that it never meets a cart's
   * key: `{ id: -approvalId, version: 0 }` for approvals, `{ id: -quoteId, version: -1 }` for quotes
   * (the demo orders use negative ids with version 1). A second order from the same snapshot then
   * answers ERR_CART_ALREADY_ORDERED, whatever `claim` did.
   */
  key: { id: number; version: number };
  checkout: OrderCheckout;
  lines: { productId: number; quantity: number; unitPrice: number }[];
  /**
   * Runs first in the order's transaction, before anything else is read: the place to move the
   * snapshot's own record from its open state with a conditional update (`... WHERE status =
   * 'pending'`), so that of two concurrent calls one orders and the other gets these errors.
   * Answer [] to go on. It must use only `trx`.
   */
  claim?: (trx: Kysely<Database>) => Promise<PlaceOrderError[]>;
  /** Runs in the same transaction once the order is written (link the record to `orderId`). */
  afterInsert?: (trx: Kysely<Database>, orderId: number) => Promise<void>;
  /**
   * Issue 15: the snapshot is subject to the company's approval rules as a cart is (an accepted
   * quote). When the acting login needs approval, the lines go into a pending request (at the
   * snapshot's prices; `holdsUntil` caps its 7 days) instead of an order, `requested` runs in the same
   * transaction, and the answer is `{ data: true, approvalRequired: true, approvalId }`.
   */
  approval?: {
    quoteId: number;
    holdsUntil: string | null;
    requested: (trx: Kysely<Database>, approvalId: number) => Promise<void>;
  };
}

/**
 * Places an order from `source` for `acting` in one transaction (grouped commit on SQLite). For a
 * snapshot, `acting` is whoever the order is for and placed by (for an approval: the requester, with
 * `shippingAddressAllowed` true; the snapshot's address is checked against the customer here).
 * Answers like place-order: `{ data: true, orderId, removedProducts }` or the refusals, after which
 * nothing has changed (also nothing `claim` did).
 */
export async function placeFrom(
  ctx: AppContext,
  acting: ActingCustomer,
  source: SnapshotSource & { approval?: undefined },
): Promise<PlaceOrderResponse>;
/**
 * A cart, or a snapshot with `approval`, may instead go for approval (issue 15):
 * `{ data: true, approvalRequired: true, approvalId }`.
 */
export async function placeFrom(
  ctx: AppContext,
  acting: ActingCustomer,
  source: OrderSource,
): Promise<PlaceOrderOrApprovalResponse>;
export async function placeFrom(
  ctx: AppContext,
  acting: ActingCustomer,
  source: OrderSource,
): Promise<PlaceOrderOrApprovalResponse> {
  let placed: Placed | SentForApproval;
  try {
    // Grouped with concurrent orders into one commit on SQLite (db/group-commit.ts).
    placed = await runWrite(ctx.database, (trx) => placeInTransaction(ctx, trx, acting, source));
  } catch (error) {
    if (error instanceof OrderRefused) return { data: error.errors };
    if (isSourceCartConflict(error)) return { data: [{ error: 'ERR_CART_ALREADY_ORDERED' }] };
    throw error;
  }

  wakeOutbox(ctx);
  if (!('orderId' in placed)) return { data: true, approvalRequired: true, approvalId: placed.approvalId };
  return { data: true, orderId: placed.orderId, removedProducts: placed.removedProducts };
}

/**
 * Why a line cannot be ordered: out of stock (what is available against the quantity asked for) while
 * the product is still for sale, otherwise not orderable.
 */
function droppedLineError({
  product,
  quantity,
}: {
  product: PricedProduct;
  quantity: number;
}): PlaceOrderError {
  const row = product.row;
  return row.is_active === 1 && row.is_orderable === 1 && product.tiers.length > 0
    ? {
        error: 'ERR_OUT_OF_STOCK',
        params: { sku: row.sku, available: Math.max(0, row.stock), requested: quantity },
      }
    : { error: 'ERR_PRODUCT_NOT_ORDERABLE', params: { sku: row.sku } };
}

/** The lines and checkout choices of one order, read from its source inside the transaction. */
interface OrderBasis {
  key: { id: number; version: number };
  checkout: OrderCheckout;
  items: { productId: number; quantity: number; unitPrice: number | null }[];
  /** The cart to empty after the order; null for a snapshot. */
  cartId: number | null;
}

async function readBasis(
  ctx: AppContext,
  trx: Kysely<Database>,
  acting: ActingCustomer,
  source: OrderSource,
  refuse: (errors: PlaceOrderError[]) => never,
): Promise<OrderBasis> {
  if (source.kind === 'snapshot') {
    const claimed = source.claim ? await source.claim(trx) : [];
    if (claimed.length > 0) return refuse(claimed);
    if (source.lines.length === 0) return refuse([{ error: 'ERR_CART_EMPTY' }]);
    return {
      key: source.key,
      checkout: source.checkout,
      items: source.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      cartId: null,
    };
  }
  // Read under the lock: a concurrent order of the same cart has committed by now.
  const cart = await repo.lockAndReadCart(trx, ctx.database.dialect, acting.userId, acting.customerId);
  if (!cart) return refuse([{ error: 'ERR_CART_EMPTY' }]);
  const items = await cartRepo.findCartItems(trx, cart.id);
  if (items.length === 0) return refuse([{ error: 'ERR_CART_EMPTY' }]);
  return {
    key: { id: cart.id, version: cart.version },
    checkout: {
      shippingMethodId: cart.shipping_method_id,
      paymentMethodId: cart.payment_method_id,
      shippingAddressId: acting.shippingAddressId,
      deliveryDate: cart.delivery_date,
      purchaseOrderNumber: cart.purchase_order_number,
      commentWebshop: cart.comment_webshop,
      commentSupplier: cart.comment_supplier,
    },
    items: items.map((item) => ({ productId: item.product_id, quantity: item.quantity, unitPrice: null })),
    cartId: cart.id,
  };
}

async function placeInTransaction(
  ctx: AppContext,
  trx: Kysely<Database>,
  acting: ActingCustomer,
  source: OrderSource,
): Promise<Placed | SentForApproval> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const refuse = (errors: PlaceOrderError[]): never => {
    throw new OrderRefused(errors);
  };

  const basis = await readBasis(ctx, trx, acting, source, refuse);
  const { checkout } = basis;

  const errors: PlaceOrderError[] = [];

  const shop = await readShopState(ctx, trx);
  if (shop.forceClosed) errors.push({ error: 'ERR_SHOP_FORCE_CLOSED' });
  else if (!isOrderingOpen({ closed: shop.closed, forceClosed: shop.forceClosed, window: shop.window })) {
    errors.push(
      shop.window
        ? { error: 'ERR_SHOP_CLOSED', params: { startsAt: shop.window.startsAt, endsAt: shop.window.endsAt } }
        : { error: 'ERR_SHOP_CLOSED' },
    );
  }

  const [shipping, payment, customer, address] = await Promise.all([
    checkout.shippingMethodId !== null
      ? repo.findShippingMethod(trx, checkout.shippingMethodId)
      : Promise.resolve(undefined),
    checkout.paymentMethodId !== null
      ? repo.findCustomerPaymentMethod(trx, acting.customerId, checkout.paymentMethodId)
      : Promise.resolve(undefined),
    repo.lockCustomer(trx, ctx.database.dialect, acting.customerId),
    checkout.shippingAddressId !== null
      ? repo.findShippingAddress(trx, checkout.shippingAddressId)
      : Promise.resolve(undefined),
  ]);
  if (!customer) throw new AppError('ERR_FORBIDDEN');

  if (checkout.shippingMethodId === null) errors.push({ error: 'ERR_NO_SHIPPING_METHOD' });
  else if (!shipping || shipping.is_active !== 1) errors.push({ error: 'ERR_INVALID_SHIPPING_METHOD' });
  if (checkout.paymentMethodId === null) errors.push({ error: 'ERR_NO_PAYMENT_METHOD' });
  else if (!payment) errors.push({ error: 'ERR_INVALID_PAYMENT_METHOD' });

  if (!address || address.is_active !== 1 || address.customer_id !== acting.customerId) {
    errors.push({ error: acting.agentUserId === null ? 'ERR_NO_SHIPPING' : 'ERR_NO_CURRENT_SHIPPING' });
  }

  // Issue 16: a customer staff made need a purchase-order number.
  errors.push(
    ...purchaseOrderNumberErrors(customer.purchase_order_number_required === 1, checkout.purchaseOrderNumber),
  );

  const isHomeDelivery = shipping?.is_home_delivery === 1;
  if (isHomeDelivery && address) {
    if (checkout.deliveryDate === null) errors.push({ error: 'ERR_NO_DELIVERY_DATE' });
    else {
      const options = await deliveryOptionsFor(ctx, address, trx);
      if (!isDeliveryDayAllowed(checkout.deliveryDate, options)) {
        errors.push({ error: 'ERR_INVALID_DELIVERY_DATE', params: { deliveryDate: checkout.deliveryDate } });
      }
    }
  }

  // Lines: re-read products and prices under the transaction.
  const rows = await cartRepo.findProductsForOrder(
    trx,
    basis.items.map((item) => item.productId),
  );
  const priced = await loadPricedProducts(trx, rows, acting);
  type Line = { product: PricedProduct; quantity: number; unitPrice: number | null };
  const kept: Line[] = [];
  const dropped: Line[] = [];
  for (const item of basis.items) {
    const product = priced.get(item.productId);
    if (!product) {
      // Gone from the catalogue: a cart line is simply not there any more; an agreed line refuses.
      if (source.kind === 'snapshot') errors.push({ error: 'ERR_PRODUCT_NOT_FOUND' });
      continue;
    }
    const line = { product, quantity: item.quantity, unitPrice: item.unitPrice };
    (isLineDropped(lineOrderability(product)) ? dropped : kept).push(line);
  }
  kept.sort((a, b) => a.product.row.id - b.product.row.id);

  if (source.kind === 'snapshot') {
    // An agreed order is ordered whole: a line that can no longer be ordered refuses it.
    for (const line of dropped) errors.push(droppedLineError(line));
  } else if (kept.length === 0) {
    // Nothing would be left to order: say why instead of dropping everything.
    for (const line of dropped) errors.push(droppedLineError(line));
    if (dropped.length === 0) errors.push({ error: 'ERR_CART_EMPTY' });
  }
  for (const { product, quantity } of kept) {
    const row = product.row;
    if (row.stock < quantity) {
      errors.push({
        error: 'ERR_OUT_OF_STOCK',
        params: { sku: row.sku, available: row.stock, requested: quantity },
      });
      continue;
    }
    const correction = correctFor(product, quantity);
    if (correction.quantity !== quantity) {
      errors.push({
        error: 'ERR_QUANTITY_NOT_AVAILABLE',
        params: {
          sku: row.sku,
          requested: quantity,
          allowed: correction.quantity,
          warning: correction.warnings[0] ?? null,
        },
      });
    }
  }
  if (errors.length > 0) return refuse(errors);
  if (!shipping || !payment || !address) return refuse([{ error: 'ERR_UNKNOWN_ERROR' }]);

  const language: Language =
    acting.agentUserId === null
      ? acting.language
      : ((await repo
          .findCustomerUserLanguage(trx, acting.customerId)
          .then((l) => (isLanguage(l) ? l : undefined))) ?? 'hu');
  const details = await cartRepo.findProductDetails(
    trx,
    kept.map((k) => k.product.row.id),
    language,
  );
  const nameOf = (productId: number, sku: string) =>
    details.find((d) => d.product_id === productId && d.language === language)?.name ??
    details.find((d) => d.product_id === productId && d.language === 'hu')?.name ??
    sku;

  const lines = kept.map(({ product, quantity, unitPrice: agreed }) => {
    const row = product.row;
    // A snapshot's agreed price, else today's price for the quantity.
    const unitPrice = agreed ?? priceAt(product, quantity, now).currentPrice ?? 0;
    const totals = lineTotals({ currentPrice: unitPrice, quantity, vat: row.vat, weight: row.weight });
    return { row, quantity, unitPrice, totals, name: nameOf(row.id, row.sku) };
  });
  const sums = cartTotals(
    lines.map((l) => ({
      currentPrice: l.unitPrice,
      quantity: l.quantity,
      vat: l.row.vat,
      weight: l.row.weight,
    })),
    {
      logisticsCost: Number(address.logistics_cost),
      shippingMethodCost: Number(shipping.cost),
      isHomeDelivery,
    },
  );
  const deliveryDate = isHomeDelivery ? checkout.deliveryDate : null;
  // Issue 16: the shipping method's minimum order value and the credit limit of a deferred payment.
  const totalErrors = await orderTotalErrors(trx, {
    customer,
    minimumOrderValue: Number(shipping.minimum_order_value),
    itemsGross: sums.gross,
    isDeferred: payment.is_deferred === 1,
    grandTotal: sums.grandTotal,
  });
  if (totalErrors.length > 0) return refuse(totalErrors);

  // Every rule has passed: from here the order is written — unless the cart (or an accepted quote)
  // needs a company approver's approval (issue 15): then its lines go into a pending request, before
  // any stock is taken.
  const gated = source.kind === 'snapshot' ? source.approval : undefined;
  if (basis.cartId !== null || gated) {
    const approvalId = await requestApprovalIfNeeded(ctx, trx, {
      acting,
      cartId: basis.cartId,
      quoteId: gated?.quoteId ?? null,
      holdsUntil: gated?.holdsUntil ?? null,
      checkout,
      lines: lines.map((l) => ({
        productId: l.row.id,
        sku: l.row.sku,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        vat: l.row.vat,
        lineGross: l.totals.gross,
      })),
      itemsGross: sums.gross,
      grandTotal: sums.grandTotal,
    });
    if (approvalId !== null) {
      await gated?.requested(trx, approvalId);
      return { approvalId };
    }
  }

  // Guarded stock decrements, in product id order (no lock cycles between concurrent orders).
  for (const { product, quantity } of kept) {
    const ok = await repo.decrementStock(trx, product.row.id, quantity, nowIso);
    if (!ok) {
      const available = await repo.findStock(trx, product.row.id);
      return refuse([
        { error: 'ERR_OUT_OF_STOCK', params: { sku: product.row.sku, available, requested: quantity } },
      ]);
    }
  }
  const purchaseOrderNumber =
    checkout.purchaseOrderNumber.trim() === '' ? null : checkout.purchaseOrderNumber.trim();

  const orderId = await repo.insertOrder(trx, {
    customer_id: acting.customerId,
    user_id: acting.userId,
    agent_user_id: acting.agentUserId,
    source_cart_id: basis.key.id,
    source_cart_version: basis.key.version,
    status: 'new',
    language,
    shipping_method_code: shipping.code,
    shipping_method_name: shipping.name,
    payment_method_code: payment.code,
    payment_method_name: payment.name,
    payment_term_days: payment.term_days,
    payment_is_deferred: payment.is_deferred === 1 ? 1 : 0,
    purchase_order_number: purchaseOrderNumber,
    delivery_date: deliveryDate,
    comment_webshop: checkout.commentWebshop,
    comment_supplier: checkout.commentSupplier,
    customer_name: customer.name,
    customer_email: customer.email,
    customer_tax_number: customer.tax_number,
    customer_company_registration_number: customer.company_registration_number,
    billing_country: customer.billing_country,
    billing_country_code: customer.billing_country_code,
    billing_zip: customer.billing_zip,
    billing_city: customer.billing_city,
    billing_apt_suite: customer.billing_apt_suite,
    shipping_address_id: address.id,
    shipping_country: address.country,
    shipping_country_code: address.country_code,
    shipping_zip: address.zip,
    shipping_city: address.city,
    shipping_apt_suite: address.apt_suite,
    items_sum_gross: sums.gross,
    items_sum_net: sums.net,
    items_count: sums.count,
    items_pieces: sums.pieces,
    items_weight: sums.weight,
    logistics_cost: sums.logisticsCost,
    shipping_cost: sums.shippingMethodCost,
    created_at: nowIso,
    updated_at: nowIso,
  });
  await repo.insertOrderItems(
    trx,
    lines.map((l) => ({
      order_id: orderId,
      product_id: l.row.id,
      sku: l.row.sku,
      name: l.name,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      vat: l.row.vat,
      weight: l.row.weight,
      line_gross: l.totals.gross,
      line_net: l.totals.net,
    })),
  );
  await repo.insertStatus(trx, orderId, 'new', acting.userId, nowIso);
  if (basis.cartId !== null) await repo.clearOrderedCart(trx, basis.cartId, nowIso);
  else if (source.kind === 'snapshot' && source.afterInsert) await source.afterInsert(trx, orderId);

  const shippingAddress = [address.zip, address.city, address.apt_suite, address.country]
    .filter(Boolean)
    .join(', ');
  const placed: Placed = {
    orderId,
    removedProducts: dropped.map((d) => d.product.row.sku).sort(),
    customerEmail: customer.email,
    customerId: customer.id,
    language,
    agentUserId: customer.agent_user_id,
    placedByAgentId: acting.agentUserId,
    mail: {
      orderId,
      createdAt: nowIso,
      timeZone: ctx.config.shopTimeZone,
      customerName: customer.name,
      agentName: null,
      lines: lines.map((l) => ({
        sku: l.row.sku,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineGross: l.totals.gross,
      })),
      itemsGross: sums.gross,
      itemsNet: sums.net,
      weight: sums.weight,
      logisticsCost: sums.logisticsCost,
      shippingCost: sums.shippingMethodCost,
      shippingMethod: shipping.name,
      paymentMethod: payment.name,
      paymentTermDays: payment.term_days,
      deliveryDate,
      shippingAddress,
      commentWebshop: checkout.commentWebshop,
      commentSupplier: checkout.commentSupplier,
      purchaseOrderNumber,
    },
  };
  await enqueueConfirmations(ctx, trx, placed, rows);
  // The ERP's webhook, in the same transaction (docs/decisions/0020-webhooks.md).
  await enqueueEvent(ctx, trx, 'order.placed', () => exportedOrder(trx, placed.orderId));
  return placed;
}

/**
 * The confirmation to the customer (its language) and, for a customer with a sales agent, to the
 * agent (the agent's language), written to the outbox in the order's transaction.
 */
async function enqueueConfirmations(
  ctx: AppContext,
  trx: Kysely<Database>,
  placed: Placed,
  products: readonly { sku: string; photos: string | null }[],
): Promise<void> {
  const agent = placed.agentUserId !== null ? await repo.findUserContact(trx, placed.agentUserId) : undefined;
  const placer =
    placed.placedByAgentId === null
      ? undefined
      : placed.placedByAgentId === agent?.id
        ? agent
        : await repo.findUserContact(trx, placed.placedByAgentId);
  // The lines' photos (issue 17 point 3), as the order's transaction read its products.
  const data: OrderMailData = withLinePhotos(products, ctx.config.publicUrl, {
    ...placed.mail,
    agentName: placer?.name ?? null,
  });
  const customerMail = renderOrderConfirmation(placed.language, 'customer', data.customerName, data);
  await enqueue(ctx, trx, {
    kind: 'mail',
    mail: {
      to: placed.customerEmail,
      subject: customerMail.subject,
      text: customerMail.text,
      html: customerMail.html,
    },
  });
  if (agent && agent.is_active === 1 && agent.is_disabled !== 1) {
    const agentLanguage: Language = isLanguage(agent.language) ? agent.language : 'hu';
    const agentMail = renderOrderConfirmation(agentLanguage, 'agent', agent.name, data);
    await enqueue(ctx, trx, {
      kind: 'mail',
      mail: { to: agent.email, subject: agentMail.subject, text: agentMail.text, html: agentMail.html },
    });
  }
}
