import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentShippingDataResponseSchema,
  setCurrentShippingAddressRequestSchema,
  setCurrentShippingAddressResponseSchema,
  shippingAddressListResponseSchema,
} from '@shop/shared/contracts/shipping';
import type { AppContext } from '../../app-context';
import { signedIn } from '../../http/auth';
import * as service from './shipping-addresses.service';
import { routeDoc } from '../shop/route-doc';

/** Signed-in customers and agents: registered in the shop-user scope (app.ts, http/route-scopes.ts). */
export function shippingAddressesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/shipping-addresses',
      routeDoc(
        'shipping-addresses',
        'The shipping addresses the user may order for',
        'A customer: its own active addresses. An agent: every active address of its customers, with the ' +
          "customer's name and billing data, sorted by customer name and city. `currentShippingAddress` marks the " +
          'current one (for a customer that has chosen none: its first address). Staff → 403 ERR_FORBIDDEN.',
        { response: { 200: shippingAddressListResponseSchema } },
      ),
      async (request) => service.listShippingAddresses(ctx, signedIn(request)),
    );

    app.post(
      '/shipping-addresses/set-current',
      routeDoc(
        'shipping-addresses',
        'Choose the current shipping address',
        'For an agent the address decides which customer the cart, prices, payment methods and orders belong to. ' +
          "An address that is unknown, inactive, or not the customer's (not one of the agent's customers') → " +
          '400 ERR_INVALID_SHIPPING_ADDRESS_ID and nothing changes. The web reloads the page afterwards.',
        {
          body: setCurrentShippingAddressRequestSchema,
          response: { 200: setCurrentShippingAddressResponseSchema },
        },
      ),
      async (request) => {
        await service.setCurrentShippingAddress(ctx, signedIn(request), request.body.shippingAddressId);
        return { data: true as const };
      },
    );

    app.get(
      '/shipping-addresses/get-current-data-extended',
      routeDoc(
        'shipping-addresses',
        'The current shipping address with its customer and delivery route',
        'For the read-only sections of the checkout. An agent without a current address → 409 ' +
          'ERR_NO_CURRENT_SHIPPING; a customer without any address → 409 ERR_NO_SHIPPING. ' +
          '`logisticsCost` is gross, minor units (1/100 Ft).',
        { response: { 200: currentShippingDataResponseSchema } },
      ),
      async (request) => service.getCurrentShippingData(ctx, signedIn(request)),
    );
  };
}
