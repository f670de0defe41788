import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import type { OrderHistoryItem } from '@shop/shared/contracts/orders';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { addToCart, type AdditionRequest } from '../cart/cart.service';
import { seesCompanyOrders } from '@shop/shared/contracts/company';
import { type ActingCustomer, resolveActingCustomer } from '../shipping-addresses/acting-customer.service';
import * as repo from './orders.repository';

/**
 * Whose orders a login sees (issue 15): an agent, an owner and an approver the whole company's
 * (optionally one login's, `userId`); a buyer and a requester only their own (asking for another
 * login's → 403 ERR_FORBIDDEN).
 */
function historyFilter(
  auth: AuthUser | null,
  acting: ActingCustomer,
  userId: number | undefined,
): number | undefined {
  if (acting.agentUserId !== null || seesCompanyOrders(auth?.companyRole)) return userId;
  if (userId !== undefined && userId !== acting.userId) throw new AppError('ERR_FORBIDDEN');
  return acting.userId;
}

/**
 * GET /api/orders/history: the acting customer's orders (placed by any of its users or by its
 * agent; for buyers and requesters their own), newest first, at most 500, each with its lines,
 * from the order's own snapshot.
 */
export async function orderHistory(
  ctx: AppContext,
  auth: AuthUser | null,
  userId?: number,
): Promise<OrderHistoryItem[]> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  const orders = await repo.findOrdersOfCustomer(db, acting.customerId, historyFilter(auth, acting, userId));
  const items = await repo.findOrderItems(
    db,
    orders.map((o) => o.id),
  );
  const linesOf = new Map<number, typeof items>();
  for (const item of items) {
    const bucket = linesOf.get(item.order_id);
    if (bucket) bucket.push(item);
    else linesOf.set(item.order_id, [item]);
  }
  return orders.map((order) => ({
    orderId: order.id,
    createdAt: order.created_at,
    status: order.status,
    orderItemsSumPrice: Number(order.items_sum_gross),
    orderItemsSumPriceNet: Number(order.items_sum_net),
    orderItemsCount: order.items_count,
    orderItemsSum: order.items_pieces,
    orderItemsSumWeight: Number(order.items_weight),
    logisticsCost: Number(order.logistics_cost),
    shippingCost: Number(order.shipping_cost),
    shippingMethod: order.shipping_method_name,
    shippingMethodCode: order.shipping_method_code,
    // Home delivery is the only method that carries a delivery day (place-order requires it there).
    isHomeDelivery: order.delivery_date !== null,
    paymentMethod: order.payment_method_name,
    paymentMethodCode: order.payment_method_code,
    paymentTermDays: order.payment_term_days,
    shippingCountryCode: order.shipping_country_code,
    shippingCountry: order.shipping_country,
    shippingZip: order.shipping_zip,
    shippingCity: order.shipping_city,
    shippingAptSuite: order.shipping_apt_suite,
    deliveryDatetime: order.delivery_date,
    commentWebshop: order.comment_webshop,
    commentSupplier: order.comment_supplier,
    placedByAgent: order.agent_user_id !== null,
    placedByUserId: order.user_id,
    placedByName: order.placed_by_name ?? null,
    approvedByUserId: order.approved_by_user_id ?? null,
    approvedByName: order.approved_by_name ?? null,
    purchaseOrderNumber: order.purchase_order_number,
    lines: (linesOf.get(order.id) ?? []).map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: Number(line.unit_price),
      vat: Number(line.vat),
      weight: Number(line.weight),
      lineGross: Number(line.line_gross),
      lineNet: Number(line.line_net),
    })),
  }));
}

/**
 * POST /api/orders/:orderId/order-again: the order's lines are added to the acting customer's cart
 * through the correction rule (the quick order's answer). Another customer's order, or an unknown
 * one, → 404 NOT_FOUND and nothing changes.
 */
export async function orderAgain(
  ctx: AppContext,
  auth: AuthUser | null,
  orderId: number,
): Promise<CartAdditionResponse> {
  const acting = await resolveActingCustomer(ctx, auth);
  const db = ctx.database.db;
  const order = await repo.findOrder(db, orderId);
  if (!order || order.customer_id !== acting.customerId) throw new AppError('NOT_FOUND');
  // Buyers and requesters order again only what they ordered themselves (issue 15).
  if (historyFilter(auth, acting, undefined) !== undefined && order.user_id !== acting.userId) {
    throw new AppError('NOT_FOUND');
  }
  const items = await repo.findOrderItems(db, [order.id]);
  const requests: AdditionRequest[] = items.map((item, index) => ({
    line: index + 1,
    code: item.sku,
    target:
      item.product_id === null
        ? { reason: 'ERR_PRODUCT_NOT_FOUND' }
        : { productId: item.product_id, pieces: item.quantity },
  }));
  return addToCart(ctx, acting, requests);
}
