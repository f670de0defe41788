import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Marks every answer of a plugin's routes `cache-control: no-store`: they carry the signed-in
 * caller's own data (cart, checkout, orders, quotes, approvals, order lists, company users), which no
 * browser or proxy cache may keep or hand to another caller.
 */
export function answerNoStore(app: ZodApp): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}
