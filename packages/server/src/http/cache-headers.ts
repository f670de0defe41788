import type { FastifyReply } from 'fastify';

/**
 * How a browser or proxy may keep an answer: an answer for the caller's token and language is
 * private (`private, no-cache` by default: revalidated each time), varying by both.
 */
export function cachePerCaller(reply: FastifyReply, cacheControl = 'private, no-cache'): void {
  reply.header('cache-control', cacheControl);
  reply.header('vary', 'authorization, accept-language');
}

/** The same answer for everyone in one language: anyone may keep it for `maxAge` seconds. */
export function cachePerLanguage(reply: FastifyReply, maxAge: number): void {
  reply.header('cache-control', `public, max-age=${maxAge}`);
  reply.header('vary', 'accept-language');
}
