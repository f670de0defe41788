import { adminIdParamsSchema, adminOkSchema } from '@shop/shared/contracts/admin-common';
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
import type { Auth } from '../../http/auth';
import { requirePermission } from '../admin/admin-access';
import { adminActor } from '../admin-orders/admin-actor';
import * as service from './admin-logistics.service';

function roleNote(permission: string): string {
  return (
    `Needs a back-office token whose role has the \`${permission}\` permission: no token → 401, a customer, ` +
    'an agent or a role without it → 403. Changes are audited.'
  );
}

export function adminLogisticsRoutes(ctx: AppContext, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const logistics = requirePermission(auth, 'logistics');
    const settings = requirePermission(auth, 'settings');
    const common = (permission: 'logistics' | 'settings', summary: string) => ({
      tags: ['admin'],
      security: [{ bearerAuth: [] }],
      summary,
      description: roleNote(permission),
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    // Shipping methods
    app.get(
      '/admin/shipping-methods',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Shipping methods'),
          response: { 200: z.array(adminShippingMethodSchema) },
        },
      },
      async () => service.listShippingMethods(ctx),
    );
    app.post(
      '/admin/shipping-methods',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Create a shipping method (duplicate code → 409 ERR_DUPLICATE)'),
          body: saveShippingMethodSchema,
          response: { 200: adminShippingMethodSchema },
        },
      },
      async (request) => service.saveShippingMethod(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/shipping-methods/:id',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Change a shipping method (its cost counts from the next checkout on)'),
          params: adminIdParamsSchema,
          body: saveShippingMethodSchema,
          response: { 200: adminShippingMethodSchema },
        },
      },
      async (request) =>
        service.saveShippingMethod(ctx, adminActor(request.auth), request.params.id, request.body),
    );

    // Payment methods
    app.get(
      '/admin/payment-methods',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Payment methods with the number of customers that may use them'),
          response: { 200: z.array(adminPaymentMethodSchema) },
        },
      },
      async () => service.listPaymentMethods(ctx),
    );
    app.post(
      '/admin/payment-methods',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Create a payment method (same code and term → 409 ERR_DUPLICATE)'),
          body: savePaymentMethodSchema,
          response: { 200: adminPaymentMethodSchema },
        },
      },
      async (request) => service.savePaymentMethod(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/payment-methods/:id',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Change a payment method'),
          params: adminIdParamsSchema,
          body: savePaymentMethodSchema,
          response: { 200: adminPaymentMethodSchema },
        },
      },
      async (request) =>
        service.savePaymentMethod(ctx, adminActor(request.auth), request.params.id, request.body),
    );

    // Delivery routes
    app.get(
      '/admin/delivery-routes',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Delivery routes with the number of addresses on each'),
          response: { 200: z.array(adminDeliveryRouteSchema) },
        },
      },
      async () => service.listRoutes(ctx),
    );
    app.post(
      '/admin/delivery-routes',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Create a delivery route'),
          body: saveDeliveryRouteSchema,
          response: { 200: adminDeliveryRouteSchema },
        },
      },
      async (request) => service.saveRoute(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/delivery-routes/:id',
      {
        preHandler: logistics,
        schema: {
          ...common(
            'logistics',
            "Change a route's weekdays, cut-off or time (the checkout offers new days at once)",
          ),
          params: adminIdParamsSchema,
          body: saveDeliveryRouteSchema,
          response: { 200: adminDeliveryRouteSchema },
        },
      },
      async (request) => service.saveRoute(ctx, adminActor(request.auth), request.params.id, request.body),
    );
    app.delete(
      '/admin/delivery-routes/:id',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Delete a route no address uses (else 409 ERR_IN_USE { count })'),
          params: adminIdParamsSchema,
          response: { 200: adminOkSchema },
        },
      },
      async (request) => {
        await service.deleteRoute(ctx, adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );

    // Holiday periods
    app.get(
      '/admin/holiday-periods',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Holiday periods (removed days and replacement days)'),
          response: { 200: z.array(adminHolidayPeriodSchema) },
        },
      },
      async () => service.listHolidays(ctx),
    );
    app.post(
      '/admin/holiday-periods',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Create a holiday period'),
          body: saveHolidayPeriodSchema,
          response: { 200: adminHolidayPeriodSchema },
        },
      },
      async (request) => service.saveHoliday(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/holiday-periods/:id',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Change a holiday period'),
          params: adminIdParamsSchema,
          body: saveHolidayPeriodSchema,
          response: { 200: adminHolidayPeriodSchema },
        },
      },
      async (request) => service.saveHoliday(ctx, adminActor(request.auth), request.params.id, request.body),
    );
    app.delete(
      '/admin/holiday-periods/:id',
      {
        preHandler: logistics,
        schema: {
          ...common('logistics', 'Delete a holiday period'),
          params: adminIdParamsSchema,
          response: { 200: adminOkSchema },
        },
      },
      async (request) => {
        await service.deleteHoliday(ctx, adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );

    // Shop-closed windows and the force-disabled switch
    app.get(
      '/admin/shop-closed-windows',
      {
        preHandler: settings,
        schema: {
          ...common('settings', 'Shop-closed windows (local times in `timeZone`)'),
          response: { 200: adminClosedWindowListSchema },
        },
      },
      async () => service.listClosedWindows(ctx),
    );
    app.post(
      '/admin/shop-closed-windows',
      {
        preHandler: settings,
        schema: {
          ...common(
            'settings',
            'Add a closed window (YYYY-MM-DDTHH:MM in the shop time zone, start before end). ' +
              'One that shares time with another window: ERR_CLOSED_WINDOW_OVERLAP (409).',
          ),
          body: saveClosedWindowSchema,
          response: { 200: adminClosedWindowSchema },
        },
      },
      async (request) => service.saveClosedWindow(ctx, adminActor(request.auth), null, request.body),
    );
    app.put(
      '/admin/shop-closed-windows/:id',
      {
        preHandler: settings,
        schema: {
          ...common('settings', 'Change a closed window (overlapping another: ERR_CLOSED_WINDOW_OVERLAP)'),
          params: adminIdParamsSchema,
          body: saveClosedWindowSchema,
          response: { 200: adminClosedWindowSchema },
        },
      },
      async (request) =>
        service.saveClosedWindow(ctx, adminActor(request.auth), request.params.id, request.body),
    );
    app.delete(
      '/admin/shop-closed-windows/:id',
      {
        preHandler: settings,
        schema: {
          ...common('settings', 'Delete a closed window'),
          params: adminIdParamsSchema,
          response: { 200: adminOkSchema },
        },
      },
      async (request) => {
        await service.deleteClosedWindow(ctx, adminActor(request.auth), request.params.id);
        return { ok: true as const };
      },
    );
    app.get(
      '/admin/shop-state/force-disabled',
      {
        preHandler: settings,
        schema: {
          ...common('settings', 'Whether the force-disabled switch is on'),
          response: { 200: forceDisabledSchema },
        },
      },
      async () => service.readForceDisabled(ctx),
    );
    app.put(
      '/admin/shop-state/force-disabled',
      {
        preHandler: settings,
        schema: {
          ...common('settings', 'Turn the force-disabled switch on or off (the shop refuses orders at once)'),
          body: forceDisabledSchema,
          response: { 200: forceDisabledSchema },
        },
      },
      async (request) => service.setForceDisabled(ctx, adminActor(request.auth), request.body),
    );
  };
}
