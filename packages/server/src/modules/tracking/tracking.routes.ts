import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageViewSchema } from '@shop/shared/contracts/tracking';
import type { AppContext } from '../../app-context';
import type { Auth } from '../../http/auth';
import { routeRateLimit } from '../../lib/rate-limit';
import { createPageViewRecorder } from './tracking.service';

/** POST /api/tracking/page-view: 120 views a minute per IP (two a second, far above a person's pace). */
export const PAGE_VIEW_LIMIT = { max: 120, timeWindowMs: 60_000 };

export function trackingRoutes(ctx: AppContext, auth: Auth): FastifyPluginAsyncZod {
  return async (app) => {
    const recorder = createPageViewRecorder(ctx);

    app.post(
      '/tracking/page-view',
      {
        config: { rateLimit: routeRateLimit(PAGE_VIEW_LIMIT), allowWhenPasswordChangeRequired: true },
        schema: {
          tags: ['tracking'],
          security: [{}, { bearerAuth: [] }],
          summary: 'Records a page view of the navigation guard (from the second navigation on)',
          description:
            'Stores the path (with its query; e-mailed one-time codes are masked) and the language for the back ' +
            'office’s statistics. The user id is stored only when `consent` is true (the visitor accepted ' +
            'analytics cookies) and a valid token is sent; a missing, expired or invalid token never fails the ' +
            'call, the view is then anonymous. Answers 204; 400 ERR_VALIDATION for a bad body; 429 ' +
            'ERR_RATE_LIMITED over 120 views a minute per IP. See docs/decisions/0007-page-tracking.md.',
          body: pageViewSchema,
          response: { 204: z.null().describe('Recorded') },
        },
      },
      async (request, reply) => {
        let userId: number | null = null;
        if (request.body.consent) {
          try {
            userId = (await auth.identify(request))?.userId ?? null;
          } catch {
            userId = null;
          }
        }
        try {
          await recorder.record({ path: request.body.path, language: request.body.language, userId });
        } catch (error) {
          // Statistics never fail the shop: the view is lost, the answer is the same.
          request.log.warn({ err: error }, 'page view not stored');
        }
        return reply.status(204).send(null);
      },
    );
  };
}
