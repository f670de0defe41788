import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminIdParamsSchema } from '@shop/shared/contracts/admin-common';
import {
  assortmentInputSchema,
  assortmentListSchema,
  assortmentSchema,
  customerAssortmentSchema,
} from '@shop/shared/contracts/assortments';
import type { AppContext } from '../../app-context';
import {
  ADMIN_ROLE_ERRORS,
  adminDocs,
  adminRoute,
  crudRoutes,
  permissionNote,
} from '../admin/admin-crud-routes';
import * as service from './assortments.service';

/**
 * Customer assortments under /api/admin/assortments (issue 17 points 5-6; permission `catalogue`):
 * create, change and delete them, with their categories, included and excluded products (by SKU)
 * and their customers and price groups in the same body.
 */
export function assortmentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    crudRoutes(app, ctx, {
      path: '/assortments',
      permission: 'catalogue',
      docs: adminDocs(permissionNote('catalogue')),
      record: assortmentSchema,
      list: {
        doc: 'Customer assortments with the number of active products, customers and price groups',
        response: assortmentListSchema,
        run: service.listAssortments,
      },
      get: {
        doc: 'One assortment: categories, included and excluded SKUs, customers, price groups (404 NOT_FOUND)',
        run: service.getAssortment,
      },
      save: {
        create: {
          summary: 'Create an assortment and assign it',
          description:
            'A customer sees only the products of its assortment: those of its categories (a main category ' +
            'with its subcategories) and its included SKUs, minus its excluded SKUs. A customer’s own assortment ' +
            'wins over its price group’s. Assigning a customer or price group moves it from another assortment. ' +
            'Errors: ERR_VALIDATION (400), ERR_CATEGORY_NOT_FOUND / ERR_PRODUCT_NOT_FOUND `{ sku }` (404), ' +
            'ERR_DUPLICATE `{ field: name }` (409).',
        },
        update: {
          summary: 'Replace an assortment and its assignments',
          description:
            'The body is the whole assortment (as for create). Errors: as create, and 404 NOT_FOUND.',
        },
        created: true,
        body: assortmentInputSchema,
        run: service.saveAssortment,
      },
      remove: {
        doc: 'Delete an assortment: its customers and price groups see the whole catalogue again (404 NOT_FOUND)',
        run: service.deleteAssortment,
      },
    });

    app.get(
      '/assortments/customer/:id',
      adminRoute(
        'catalogue',
        'The assortment a customer (customers.id) sees, and whether through its own assignment or its price group',
        `Errors: NOT_FOUND (404), ${ADMIN_ROLE_ERRORS}.`,
        { params: adminIdParamsSchema, response: { 200: customerAssortmentSchema } },
      ),
      async (request) => service.customerAssortment(ctx, request.params.id),
    );
  };
}
