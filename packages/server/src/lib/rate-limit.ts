import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../http/app-error';

/**
 * Per-IP limits of the calls an attacker would hammer (account calls) or that cost the most
 * (search). The counters are shared by every server process through Redis when REDIS_URL is set,
 * else kept in the process (lib/rate-limit-store.ts, registered in app.ts); over the limit the
 * call answers 429 `ERR_RATE_LIMITED` with `params.retryAfter` in seconds, never a silent drop.
 * Behind a reverse proxy set TRUST_PROXY=true, or every buyer shares the proxy's address.
 */
export interface RouteLimit {
  max: number;
  timeWindowMs: number;
}

export const RATE_LIMITS = {
  /** POST /api/auth/login: 20 attempts a minute per IP by default (LOGIN_RATE_LIMIT); the per-account lockout is separate. */
  login: { max: 20, timeWindowMs: 60_000 },
  /** POST /api/users/register: 10 registrations an hour per IP. */
  registration: { max: 10, timeWindowMs: 60 * 60_000 },
  /** POST /api/users/forgot-password: 5 password mails in 15 minutes per IP. */
  passwordMail: { max: 5, timeWindowMs: 15 * 60_000 },
  /** POST /api/users/{userId}/reset-password/{code}: 20 tries in 15 minutes per IP. */
  passwordReset: { max: 20, timeWindowMs: 15 * 60_000 },
} as const satisfies Record<string, RouteLimit>;

/** The route `config.rateLimit` for one limit. */
export function routeRateLimit(limit: RouteLimit): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.timeWindowMs,
    errorResponseBuilder: (_request, context) =>
      new AppError('ERR_RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  };
}

/**
 * GET /api/products/search and /api/categories/search: SEARCH_RATE_LIMIT a minute per IP (300 by
 * default: 5 a second, type-ahead included); 0 switches it off (e.g. for a load test from one host).
 */
export function searchRateLimit(perMinute: number): RateLimitOptions | false {
  return perMinute > 0 ? routeRateLimit({ max: perMinute, timeWindowMs: 60_000 }) : false;
}

/** POST /api/auth/login and /api/admin/auth/login: LOGIN_RATE_LIMIT attempts a minute per IP. */
export function loginRateLimit(perMinute: number): RateLimitOptions {
  return routeRateLimit({ max: perMinute, timeWindowMs: RATE_LIMITS.login.timeWindowMs });
}
