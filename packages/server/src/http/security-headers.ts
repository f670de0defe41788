import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { SSR_CHECK_SCRIPT_HASH } from './ssr-pages';

/**
 * The security headers of every answer (docs/decisions/0010-security.md): a strict
 * Content-Security-Policy (scripts only from the shop itself, no inline script but the hashed check
 * of server-rendered pages, no framing),
 * X-Frame-Options DENY, nosniff, a referrer policy, and HSTS only when the request came over HTTPS
 * (directly, or through a proxy trusted with TRUST_PROXY that says so in X-Forwarded-Proto).
 * No CORS plugin is registered: the SPA and the API share one origin, so no cross-origin grant.
 */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script: the check before a server-rendered page paints (ssr-pages.ts).
      // 'wasm-unsafe-eval': the barcode scanner compiles its own ZXing WebAssembly (issue 19); it
      // allows WebAssembly only, not eval.
      scriptSrc: ["'self'", SSR_CHECK_SCRIPT_HASH, "'wasm-unsafe-eval'"],
      scriptSrcAttr: ["'none'"],
      // MUI (emotion) injects style elements at run time; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  hsts: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
} satisfies Parameters<typeof helmet>[0];

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const rawHelmet = helmet(HELMET_OPTIONS);

/**
 * Registers the headers; call it before any hook that may answer early. Helmet's middleware is built
 * once here: @fastify/helmet rebuilt it from the options on every request (parsing the CSP
 * directives each time), a few percent of a catalogue request's CPU. The headers are the same ones,
 * set by the same middleware at the same point (the first onRequest hook); callback-style hooks
 * instead of async ones save a promise per request.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    rawHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done(null, payload);
  });
}

/** The API docs UI brings its own policy: keep it, but never let it be framed or upgrade requests. */
export function docsCsp(header: string): string {
  return header
    .replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
    .replace(/\s*upgrade-insecure-requests;?/, '');
}

/**
 * Wraps Fastify's `frameworkErrors` handler (a URL that does not decode, a parameter too long):
 * those answers skip every hook, so the headers are set here.
 */
export function withSecurityHeaders(
  handler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    rawHelmet(request.raw, reply.raw, () => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
      handler(error, request, reply);
    });
  };
}
