import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsSchema } from '@shop/shared/contracts/admin-stats';
import type { AppContext } from '../../app-context';
import { adminRoute } from '../admin/admin-crud-routes';
import { statistics } from './admin-stats.service';

/** Statistics (permission `statistics`). */
export function adminStatsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/statistics',
      adminRoute(
        'statistics',
        'Orders and revenue per day, top products, page views per day (days in the shop time zone, at most 366)',
        'Defaults to the last 30 days. Errors: ERR_VALIDATION (400), ERR_UNAUTHORIZED (401), ERR_NOT_STAFF (403) for ' +
          'customers and agents.',
        { querystring: statisticsQuerySchema, response: { 200: statisticsSchema } },
      ),
      async (request) => statistics(ctx, request.query),
    );
  };
}
