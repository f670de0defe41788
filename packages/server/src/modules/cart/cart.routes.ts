import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartAdditionResponseSchema,
  cartCommentsSchema,
  cartResponseSchema,
  deleteCartResponseSchema,
  quickOrderRequestSchema,
  setCartCommentsRequestSchema,
  setProductQuantityRequestSchema,
  setProductQuantityResponseSchema,
} from '@shop/shared/contracts/cart';
import { checkoutSaveResponseSchema } from '@shop/shared/contracts/checkout';
import type { AppContext } from '../../app-context';
import * as service from './cart.service';

/**
 * The cart's answers are written with JSON.stringify alone: the objects cart.service.ts builds carry
 * exactly the response schema's fields in its order (cart.test.ts holds every form of the answer to
 * the schema: re-encoding it through zod changes nothing), so the zod encode Fastify would run over
 * every line of every answer is skipped. The schemas stay on the routes for the OpenAPI document.
 */
const stringify = () => (data: unknown) => JSON.stringify(data);

const WHOSE =
  "The cart of the acting customer: a customer's own; for an agent, the customer of its current shipping address " +
  '(409 ERR_NO_CURRENT_SHIPPING until it has chosen one). Staff → 403 ERR_FORBIDDEN.';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function cartRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Callback style: an async hook costs a promise and a microtask on every answer.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    app.get(
      '/cart',
      {
        schema: {
          tags: ['cart'],
          summary: 'The cart with prices, totals and the checkout choices',
          description:
            `${WHOSE} Prices are computed now by the server from the customer's price entries (price group and ` +
            'discount, special prices, quantity tiers at the line quantity). Every amount is gross, integer minor units ' +
            "(1/100 Ft) unless named net; weights are grams. `totals.logisticsCost` is the current address's logistics " +
            'cost for home delivery, else 0. `containsNonOrderableProduct`: a line will be dropped when the order is placed.',
          response: { 200: cartResponseSchema },
        },
        serializerCompiler: stringify,
      },
      async (request) => service.getCart(ctx, request.auth, request.language),
    );

    app.post(
      '/cart/set-product-quantity',
      {
        schema: {
          tags: ['cart'],
          summary: 'Set the quantity of a line (0 removes it)',
          description:
            `${WHOSE} The quantity goes through the shared correction (minimum, maximum, stock, step) and the answer ` +
            'carries the quantity now in the cart and the warning codes (minimum_order_quantity, maximum_order_quantity, ' +
            'quantity_to_order_is_not_available, order_quantity_step_correction). A result of 0 removes the line. ' +
            'price, specialPrice, currentPrice and vat are accepted and ignored. Unknown SKU → 404 ERR_PRODUCT_NOT_FOUND; ' +
            'inactive product (quantity > 0) → 409 ERR_PRODUCT_NOT_ORDERABLE. `cart` (ours): the cart as the change ' +
            'left it, the GET /api/cart answer.',
          body: setProductQuantityRequestSchema,
          response: { 200: setProductQuantityResponseSchema },
        },
        serializerCompiler: stringify,
      },
      async (request) =>
        service.setProductQuantity(
          ctx,
          request.auth,
          request.body.productSku,
          request.body.quantity,
          request.language,
        ),
    );

    app.delete(
      '/cart/delete',
      {
        schema: {
          tags: ['cart'],
          summary: 'Empty the cart',
          description: `${WHOSE} Removes every line; the chosen methods, delivery day and comments stay.`,
          response: { 200: deleteCartResponseSchema },
        },
      },
      async (request) => {
        await service.deleteCart(ctx, request.auth);
        return { data: true as const };
      },
    );

    app.get(
      '/cart/comments',
      {
        schema: {
          tags: ['cart'],
          summary: 'The two comments of the cart',
          description: `${WHOSE} commentWebshop: a note for the shop; commentSupplier: a comment for the supplier.`,
          response: { 200: cartCommentsSchema },
        },
      },
      async (request) => service.getComments(ctx, request.auth),
    );

    app.put(
      '/cart/comments',
      {
        schema: {
          tags: ['cart'],
          summary: 'Save the two comments (docs/product.md §7.2)',
          description: `${WHOSE} At most 1000 characters each (400 ERR_VALIDATION); a missing field is saved as ''.`,
          body: setCartCommentsRequestSchema,
          response: { 200: checkoutSaveResponseSchema },
        },
      },
      async (request) => {
        await service.setComments(ctx, request.auth, request.body);
        return { data: true as const };
      },
    );

    app.post(
      '/cart/quick-order',
      {
        schema: {
          tags: ['cart'],
          summary: 'Quick order: add many lines by SKU or barcode',
          description:
            `${WHOSE} \`lines\`: pasted text, one \`SKU or barcode; quantity\` per line (\`;\`, tab or \`,\` separated; ` +
            'no quantity = 1), or a list of `{ code, quantity }`; at most 500 lines. A barcode of a pack of several pieces ' +
            "orders that many packs. Each line is added to the product's quantity in the cart through the correction " +
            'rule. The answer lists `added` (as asked), `corrected` (with the warnings; quantity 0 = nothing added) and ' +
            '`rejected` (reason ERR_PRODUCT_NOT_FOUND, ERR_PRODUCT_NOT_ORDERABLE or ERR_VALIDATION).',
          body: quickOrderRequestSchema,
          response: { 200: cartAdditionResponseSchema },
        },
      },
      async (request) => service.quickOrder(ctx, request.auth, request.body.lines),
    );
  };
}
