import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import { createStartupState, type StartupState } from '../../lib/startup-state';

export function healthRoutes(
  ctx: AppContext,
  startup: StartupState = createStartupState(),
): FastifyPluginAsyncZod {
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
          summary: 'Readiness: started, migrated, not draining, and the database is reachable',
          description:
            '503 `ERR_SERVICE_UNAVAILABLE` with `params.phase` (starting, stopping) and `params.reason` ' +
            'while the process waits for its database, migrates, or drains after SIGTERM.',
          response: {
            200: z.object({ status: z.literal('ready'), database: z.enum(['sqlite', 'postgres']) }),
          },
        },
      },
      async () => {
        if (startup.phase !== 'ready') {
          throw new AppError('ERR_SERVICE_UNAVAILABLE', {
            phase: startup.phase,
            ...(startup.reason ? { reason: startup.reason } : {}),
          });
        }
        const problem = await ctx.database.probe();
        if (problem) throw new AppError('ERR_SERVICE_UNAVAILABLE', { phase: 'ready', reason: problem });
        return { status: 'ready' as const, database: ctx.database.dialect };
      },
    );
  };
}
