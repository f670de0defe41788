import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  checkoutSaveResponseSchema,
  deliveryDaysResponseSchema,
  paymentMethodListResponseSchema,
  setDeliveryDateRequestSchema,
  setPaymentMethodRequestSchema,
  setPurchaseOrderNumberRequestSchema,
  setShippingMethodRequestSchema,
  shippingMethodListResponseSchema,
} from '@shop/shared/contracts/checkout';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../http/auth';
import * as service from './checkout.service';
import { answerNoStore } from '../shop/no-store-answers';

const SAVED =
  "Saved in the acting customer's cart (a customer's own; an agent's for the customer of its current shipping " +
  'address, else 409 ERR_NO_CURRENT_SHIPPING) and given back by GET /api/cart; answers `{ data: true }`.';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function checkoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    answerNoStore(app);

    /** A PUT that saves one checkout choice in the acting customer's cart (SAVED). */
    const cartChoice = <Body extends z.ZodType>(
      path: string,
      schema: { summary: string; description: string; body: Body },
      save: (auth: AuthUser | null, body: z.output<Body>) => Promise<void>,
    ): void => {
      app.put(
        path,
        { schema: { tags: ['checkout'], ...schema, response: { 200: checkoutSaveResponseSchema } } },
        async (request) => {
          await save(request.auth, request.body as z.output<Body>);
          return { data: true as const };
        },
      );
    };

    app.get(
      '/shipping-methods',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The shipping methods (home delivery, pickups, invoice only)',
          description: '`cost` is gross, minor units (1/100 Ft). Home delivery has `isHomeDelivery: true`.',
          response: { 200: shippingMethodListResponseSchema },
        },
      },
      async () => service.listShippingMethods(ctx),
    );

    app.get(
      '/payment-methods/available-for-customer',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The payment methods available to the acting customer, with their day terms',
          description:
            "The customer's assigned, active methods. For an agent: those of its current address's customer " +
            '(409 ERR_NO_CURRENT_SHIPPING without one).',
          response: { 200: paymentMethodListResponseSchema },
        },
      },
      async (request) => service.listPaymentMethods(ctx, request.auth),
    );

    cartChoice(
      '/cart/shipping-method',
      {
        summary: 'Choose the shipping method (saved in the cart)',
        description: `${SAVED} An unknown or inactive code → 400 ERR_INVALID_SHIPPING_METHOD.`,
        body: setShippingMethodRequestSchema,
      },
      (auth, body) => service.setShippingMethod(ctx, auth, body.shippingMethodCode),
    );

    cartChoice(
      '/cart/payment-method',
      {
        summary: 'Choose the payment method (saved in the cart)',
        description: `${SAVED} A method not available to the customer → 400 ERR_INVALID_PAYMENT_METHOD.`,
        body: setPaymentMethodRequestSchema,
      },
      (auth, body) => service.setPaymentMethod(ctx, auth, body.paymentMethodId),
    );

    cartChoice(
      '/cart/delivery-date',
      {
        summary: 'Choose the delivery day for home delivery (saved in the cart)',
        description:
          `${SAVED} \`deliveryDate\` 'YYYY-MM-DD' must be one of the days GET /api/cart/delivery-days offers now ` +
          "(the route's weekdays, the cut-off on the last working day before, holiday periods and their replacement " +
          "days, in the shop's time zone), else 400 ERR_INVALID_DELIVERY_DATE; null clears it.",
        body: setDeliveryDateRequestSchema,
      },
      (auth, body) => service.setDeliveryDate(ctx, auth, body.deliveryDate),
    );

    cartChoice(
      '/cart/purchase-order-number',
      {
        summary: "Save the buyer's purchase-order number (issue 16)",
        description:
          `${SAVED} \`purchaseOrderNumber\`: trimmed, at most 35 characters (400 ERR_VALIDATION); '' clears it. ` +
          'Place-order copies it onto the order (history, mails, back office, CSV export, integration API); a ' +
          'customer staff made need one gets ERR_PURCHASE_ORDER_NUMBER_REQUIRED from place-order without it.',
        body: setPurchaseOrderNumberRequestSchema,
      },
      (auth, body) => service.setPurchaseOrderNumber(ctx, auth, body.purchaseOrderNumber),
    );

    app.get(
      '/cart/delivery-days',
      {
        schema: {
          tags: ['checkout'],
          summary: 'The next 10 delivery days of the current shipping address',
          description:
            "From the address's delivery route (Monday to Friday, cut-off 14:00 when it has none) and the holiday " +
            'periods; `within48Hours` marks days that need a phone call to the sales representative; `routeTime` is ' +
            'null while a holiday period applies. 409 ERR_NO_CURRENT_SHIPPING / ERR_NO_SHIPPING without an address.',
          response: { 200: deliveryDaysResponseSchema },
        },
      },
      async (request) => service.getDeliveryDays(ctx, request.auth),
    );
  };
}
