import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAddressSchema,
  addressInputSchema,
  addressParamsSchema,
  createAccountResponseSchema,
  createAccountSchema,
  customerDetailSchema,
  customersPageSchema,
  customersQuerySchema,
  updateCustomerSchema,
} from '@shop/shared/contracts/admin-customers';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import type { AppContext } from '../../app-context';
import { actorOf } from '../admin/admin-access';
import { ADMIN_ROLE_ERRORS, adminRoute } from '../admin/admin-crud-routes';
import * as service from './admin-customers.service';

/** Customers and agents in the back office (permission `customers`). */
export function adminCustomersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/customers',
      adminRoute(
        'customers',
        'Customer and agent accounts: search and list',
        `Errors: ERR_VALIDATION (400), ${ADMIN_ROLE_ERRORS}.`,
        {
          querystring: customersQuerySchema,
          response: { 200: customersPageSchema },
        },
      ),
      async (request) => service.listCustomers(ctx, request.query),
    );

    app.post(
      '/customers',
      adminRoute(
        'customers',
        'Create a customer or agent account with a generated password (mailed to the account)',
        'A customer must change the password at the first login. Audited. Errors: ERR_VALIDATION (400), ' +
          `ERR_DUP_EMAIL, ERR_DUP_TAX_NUM, ERR_DUP_COMP_REG_NUM (409), ERR_INVALID_AGENT (400), ${ADMIN_ROLE_ERRORS}.`,
        {
          body: createAccountSchema,
          response: { 200: createAccountResponseSchema },
        },
      ),
      async (request) => service.createAccount(ctx, request.body, actorOf(request), request.log),
    );

    app.get(
      '/customers/:id',
      adminRoute(
        'customers',
        'One customer or agent account with its customer, addresses and the form choices',
        `Errors: ERR_NO_USER_FOUND (404), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          response: { 200: customerDetailSchema },
        },
      ),
      async (request) => service.getCustomer(ctx, request.params.id),
    );

    app.patch(
      '/customers/:id',
      adminRoute(
        'customers',
        'Edit an account: data, agent link, price group and discount, payment methods, forced change, disable',
        'Disabling stops the account\u2019s tokens at once. Audited. Errors: ERR_VALIDATION (400), ERR_NO_USER_FOUND (404), ' +
          `ERR_INVALID_AGENT (400), ERR_INVALID_PAYMENT_METHOD (400), ERR_DUP_TAX_NUM, ERR_DUP_COMP_REG_NUM (409), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          body: updateCustomerSchema,
          response: { 200: customerDetailSchema },
        },
      ),
      async (request) => service.updateCustomer(ctx, request.params.id, request.body, actorOf(request)),
    );

    app.post(
      '/customers/:id/addresses',
      adminRoute(
        'customers',
        'Add a shipping address with logistics cost and delivery route',
        `Audited. Errors: ERR_VALIDATION (400), ERR_NO_USER_FOUND (404), ERR_INVALID_DELIVERY_ROUTE (400), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: adminIdParamsSchema,
          body: addressInputSchema,
          response: { 200: adminAddressSchema },
        },
      ),
      async (request) => service.saveAddress(ctx, request.params.id, null, request.body, actorOf(request)),
    );

    app.put(
      '/customers/:id/addresses/:addressId',
      adminRoute(
        'customers',
        'Change a shipping address (logistics cost, delivery route, active)',
        'Audited. Errors: ERR_VALIDATION (400), ERR_INVALID_SHIPPING_ADDRESS_ID (400) for an address of another customer, ' +
          `ERR_INVALID_DELIVERY_ROUTE (400), ${ADMIN_ROLE_ERRORS}.`,
        {
          params: addressParamsSchema,
          body: addressInputSchema,
          response: { 200: adminAddressSchema },
        },
      ),
      async (request) =>
        service.saveAddress(ctx, request.params.id, request.params.addressId, request.body, actorOf(request)),
    );
  };
}
