import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Counters of the per-IP rate limits (@fastify/rate-limit's custom store, fixed windows).
 *
 * - Without REDIS_URL: counted in the process.
 * - With REDIS_URL: counted in Redis (one atomic Lua script: INCR, PEXPIRE on the first hit of a
 *   window, PTTL), so every server process shares one limit.
 * - Redis unreachable or failing: each process falls back to its own counters until Redis answers
 *   again, with one warning per outage (docs/decisions/0010-security.md). The shop stays open
 *   and a limit still applies, at worst N times as high with N processes; the per-account login
 *   lockout lives in the database and is not affected.
 */

const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteInfo {
  routeInfo: { method: string; url: string };
}

/** Fixed-window counters in this process; expired windows are swept as the map grows. */
export class LocalCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 10_000) this.sweep(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.resetAt - now };
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    // Still full of live windows (an attack from many addresses): forget the oldest half.
    if (this.windows.size >= 10_000) {
      let drop = this.windows.size / 2;
      for (const key of this.windows.keys()) {
        if (drop-- <= 0) break;
        this.windows.delete(key);
      }
    }
  }
}

export interface RateLimitStoreOptions {
  /** The shared Redis connection; undefined counts in the process only. */
  redis?: Redis | undefined;
  /** Prefix of every Redis key (REDIS_KEY_PREFIX + 'rate-limit:'). */
  keyPrefix: string;
  log: FastifyBaseLogger;
}

/** The store class for `@fastify/rate-limit`'s `store` option. */
export function rateLimitStore(options: RateLimitStoreOptions) {
  const local = new LocalCounters();
  let outage = false;
  const redis = options.redis;
  const incrScript = redis ? INCR_SCRIPT : '';

  function fallBack(error: unknown): void {
    if (!outage) {
      outage = true;
      options.log.warn(
        { err: error },
        'rate limits: Redis is unreachable, counting in this process until it answers again',
      );
    }
  }

  class SharedRateLimitStore {
    private readonly prefix: string;

    /** The plugin constructs the root store with its options; each route's child gets a key prefix. */
    constructor(prefixOrPluginOptions?: string | object) {
      this.prefix = typeof prefixOrPluginOptions === 'string' ? prefixOrPluginOptions : '';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, _max: number): void {
      const fullKey = `${this.prefix}${key}`;
      if (!redis || redis.status !== 'ready') {
        // Still connecting at start is no outage; reconnecting or closed is.
        if (redis && !['wait', 'connecting', 'connect'].includes(redis.status)) {
          fallBack(new Error(`connection ${redis.status}`));
        }
        callback(null, local.incr(fullKey, timeWindow));
        return;
      }
      redis
        .eval(incrScript, 1, `${options.keyPrefix}${fullKey}`, String(timeWindow))
        .then((result) => {
          const [current, ttl] = result as [number, number];
          if (outage) {
            outage = false;
            options.log.info('rate limits: Redis answers again, limits are shared across processes');
          }
          callback(null, { current: Number(current), ttl: Number(ttl) });
        })
        .catch((error: unknown) => {
          fallBack(error);
          callback(null, local.incr(fullKey, timeWindow));
        });
    }

    /** One store per limited route (the plugin passes the route's options with `routeInfo`). */
    child(routeOptions: object): SharedRateLimitStore {
      const route = (routeOptions as RouteInfo).routeInfo ?? (routeOptions as RouteInfo['routeInfo']);
      return new SharedRateLimitStore(`${this.prefix}${String(route.method)}${String(route.url)}:`);
    }
  }

  return SharedRateLimitStore;
}

/**
 * The Redis connection of the rate limits: commands fail at once while it is down (no offline
 * queue, one try), and it keeps reconnecting in the background.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 250, 5000),
  });
  let lastLog = 0;
  client.on('error', (error: Error) => {
    // ioredis repeats the error on every reconnect attempt: log it at most once a minute.
    if (Date.now() - lastLog > 60_000) {
      lastLog = Date.now();
      log.warn({ err: error }, 'Redis connection error');
    }
  });
  return client;
}

/** Resolves once the connection is ready, or after `timeoutMs` (it then keeps trying in the background). */
export function waitForRedis(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    client.once('ready', done);
  });
}
