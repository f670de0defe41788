import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminClosedWindowListSchema,
  adminClosedWindowSchema,
  adminDeliveryRouteSchema,
  adminHolidayPeriodSchema,
  adminPaymentMethodSchema,
  adminShippingMethodSchema,
  forceDisabledSchema,
  saveClosedWindowSchema,
  saveDeliveryRouteSchema,
  saveHolidayPeriodSchema,
  savePaymentMethodSchema,
  saveShippingMethodSchema,
} from '@shop/shared/contracts/admin-logistics';
import type { AppContext } from '../../app-context';
import { adminDocs, crudRoutes, permissionNote } from '../admin/admin-crud-routes';
import { adminActor } from '../admin-orders/admin-actor';
import * as service from './admin-logistics.service';

export function adminLogisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const logistics = {
      permission: 'logistics' as const,
      docs: adminDocs(permissionNote('logistics')),
    };
    const settings = {
      permission: 'settings' as const,
      docs: adminDocs(permissionNote('settings')),
    };

    crudRoutes(app, ctx, {
      path: '/shipping-methods',
      ...logistics,
      record: adminShippingMethodSchema,
      list: {
        doc: 'Shipping methods',
        response: z.array(adminShippingMethodSchema),
        run: service.listShippingMethods,
      },
      save: {
        create: 'Create a shipping method (duplicate code → 409 ERR_DUPLICATE)',
        update: 'Change a shipping method (its cost counts from the next checkout on)',
        body: saveShippingMethodSchema,
        run: service.saveShippingMethod,
      },
    });

    crudRoutes(app, ctx, {
      path: '/payment-methods',
      ...logistics,
      record: adminPaymentMethodSchema,
      list: {
        doc: 'Payment methods with the number of customers that may use them',
        response: z.array(adminPaymentMethodSchema),
        run: service.listPaymentMethods,
      },
      save: {
        create: 'Create a payment method (same code and term → 409 ERR_DUPLICATE)',
        update: 'Change a payment method',
        body: savePaymentMethodSchema,
        run: service.savePaymentMethod,
      },
    });

    crudRoutes(app, ctx, {
      path: '/delivery-routes',
      ...logistics,
      record: adminDeliveryRouteSchema,
      list: {
        doc: 'Delivery routes with the number of addresses on each',
        response: z.array(adminDeliveryRouteSchema),
        run: service.listRoutes,
      },
      save: {
        create: 'Create a delivery route',
        update: "Change a route's weekdays, cut-off or time (the checkout offers new days at once)",
        body: saveDeliveryRouteSchema,
        run: service.saveRoute,
      },
      remove: {
        doc: 'Delete a route no address uses (else 409 ERR_IN_USE { count })',
        run: service.deleteRoute,
      },
    });

    crudRoutes(app, ctx, {
      path: '/holiday-periods',
      ...logistics,
      record: adminHolidayPeriodSchema,
      list: {
        doc: 'Holiday periods (removed days and replacement days)',
        response: z.array(adminHolidayPeriodSchema),
        run: service.listHolidays,
      },
      save: {
        create: 'Create a holiday period',
        update: 'Change a holiday period',
        body: saveHolidayPeriodSchema,
        run: service.saveHoliday,
      },
      remove: {
        doc: 'Delete a holiday period',
        run: service.deleteHoliday,
      },
    });

    // Shop-closed windows and the force-disabled switch
    crudRoutes(app, ctx, {
      path: '/shop-closed-windows',
      ...settings,
      record: adminClosedWindowSchema,
      list: {
        doc: 'Shop-closed windows (local times in `timeZone`)',
        response: adminClosedWindowListSchema,
        run: service.listClosedWindows,
      },
      save: {
        create:
          'Add a closed window (YYYY-MM-DDTHH:MM in the shop time zone, start before end). ' +
          'One that shares time with another window: ERR_CLOSED_WINDOW_OVERLAP (409).',
        update: 'Change a closed window (overlapping another: ERR_CLOSED_WINDOW_OVERLAP)',
        body: saveClosedWindowSchema,
        run: service.saveClosedWindow,
      },
      remove: {
        doc: 'Delete a closed window',
        run: service.deleteClosedWindow,
      },
    });
    app.get(
      '/shop-state/force-disabled',
      {
        config: { permission: 'settings' },
        schema: {
          ...settings.docs('Whether the force-disabled switch is on'),
          response: { 200: forceDisabledSchema },
        },
      },
      async () => service.readForceDisabled(ctx),
    );
    app.put(
      '/shop-state/force-disabled',
      {
        config: { permission: 'settings' },
        schema: {
          ...settings.docs('Turn the force-disabled switch on or off (the shop refuses orders at once)'),
          body: forceDisabledSchema,
          response: { 200: forceDisabledSchema },
        },
      },
      async (request) => service.setForceDisabled(ctx, adminActor(request.auth), request.body),
    );
  };
}
