import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartAdditionResponseSchema } from '@shop/shared/contracts/cart';
import {
  orderAgainParamsSchema,
  orderHistoryResponseSchema,
  placeOrderOrApprovalResponseSchema,
} from '@shop/shared/contracts/orders';
import { orderHistoryQuerySchema } from '@shop/shared/contracts/company';
import type { AppContext } from '../../app-context';
import { placeOrder } from './place-order.service';
import * as service from './orders.service';
import { answerNoStore } from '../shop/no-store-answers';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function ordersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    answerNoStore(app);

    app.post(
      '/orders/place-order',
      {
        schema: {
          tags: ['orders'],
          summary: 'Place the order from the cart (no body)',
          description:
            "One transaction over the acting customer's cart: re-reads it, drops non-orderable lines (inactive, " +
            'not orderable, out of stock or without a price: `removedProducts`), re-checks prices, limits and stock, ' +
            'decrements stock with a guarded update, writes the order with a snapshot and clears the cart. ' +
            'Status 200 with `{ data: true, orderId, removedProducts }`, or `{ data: [{ error, params? }] }` when the ' +
            'order is refused — then nothing has changed. Refusals: ERR_SHOP_CLOSED, ERR_SHOP_FORCE_CLOSED, ' +
            'ERR_NO_CURRENT_SHIPPING, ERR_NO_SHIPPING, ERR_CART_EMPTY, ERR_CART_ALREADY_ORDERED, ERR_NO_SHIPPING_METHOD, ' +
            'ERR_INVALID_SHIPPING_METHOD, ERR_NO_PAYMENT_METHOD, ERR_INVALID_PAYMENT_METHOD, ERR_NO_DELIVERY_DATE, ' +
            'ERR_INVALID_DELIVERY_DATE, ERR_OUT_OF_STOCK `{ sku, available, requested }`, ERR_PRODUCT_NOT_ORDERABLE ' +
            '`{ sku }`, ERR_QUANTITY_NOT_AVAILABLE `{ sku, requested, allowed, warning }`. A cart never becomes two ' +
            'orders, even when the call is sent twice at once. The confirmation mail goes to the customer and, for an ' +
            "agent's customer, to the agent. Issue 15: when the company login needs approval (a requester; a buyer " +
            'above its per-order or monthly limit) the answer is `{ data: true, approvalRequired: true, approvalId }`: ' +
            'the cart moved into the pending request and the approvers got a mail (see /api/company/approvals).',
          response: { 200: placeOrderOrApprovalResponseSchema },
        },
      },
      async (request) => placeOrder(ctx, request.auth, request.log),
    );

    app.get(
      '/orders/history',
      {
        schema: {
          tags: ['orders'],
          summary: "The acting customer's orders, newest first",
          querystring: orderHistoryQuerySchema,
          description:
            'Owners, approvers and agents get every order of the company (`userId` narrows it to one login), ' +
            'buyers and requesters their own (another `userId` → 403 ERR_FORBIDDEN). ' +
            'At most 500, each with its lines. Amounts are gross minor units (1/100 Ft) unless named net; ' +
            '`orderItemsSumWeight` is grams; `deliveryDatetime` is the delivery day (YYYY-MM-DD) of home delivery.',
          response: { 200: orderHistoryResponseSchema },
        },
      },
      async (request) => service.orderHistory(ctx, request.auth, request.query.userId),
    );

    app.post(
      '/orders/:orderId/order-again',
      {
        schema: {
          tags: ['orders'],
          summary: "Put an order's lines into the cart again",
          description:
            "Adds each line's quantity to the cart through the correction rule and answers like the quick order " +
            "(`added`, `corrected`, `rejected`). Another customer's order or an unknown id → 404 NOT_FOUND.",
          params: orderAgainParamsSchema,
          response: { 200: cartAdditionResponseSchema },
        },
      },
      async (request) => service.orderAgain(ctx, request.auth, request.params.orderId),
    );
  };
}
