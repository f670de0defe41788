import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: the process answers',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: the database is reachable',
          response: {
            200: z.object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']) }),
          },
        },
      },
      async () => {
        if (!(await ctx.database.ping())) throw new AppError('ERR_SERVICE_UNAVAILABLE');
        return { status: 'ready' as const, database: ctx.database.dialect };
      },
    );
  };
}
