import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseAllowedNetworks } from './modules/webhooks/webhook-target';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const isValidTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const DAY_MS = 86_400_000;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
      message: 'must start with sqlite: or postgres://',
    })
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Nagyker Webshop <no-reply@nagyker.example>'),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v) && URL.canParse(v), {
      message: 'must be a redis:// or rediss:// address',
    })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'at most 64 letters, digits and : _ . -')
    .default('shop:'),
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(300),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_TIME_ZONE: z
    .string()
    .refine(isValidTimeZone, { message: 'is not a known IANA time zone' })
    .default('Europe/Budapest'),
  DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: booleanish.default(false),
  WEB_DIST_DIR: z.string().min(1).optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  // The outbox (docs/decisions/0019-outbox.md): milliseconds.
  OUTBOX_RETRY_START_MS: z.coerce.number().int().min(10).max(DAY_MS).default(10_000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(10).max(DAY_MS).default(3_600_000),
  OUTBOX_GIVE_UP_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30 * DAY_MS)
    .default(DAY_MS),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(DAY_MS).default(120_000),
  // The expiry sweep (modules/approvals/expiry-sweep.ts): milliseconds between its passes.
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(DAY_MS).default(60_000),
  // PostgreSQL streaming replicas for the anonymous-safe reads (db/read-replicas.ts), comma-separated.
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url.length > 0),
    )
    .refine((urls) => urls.every((url) => /^postgres(ql)?:\/\//.test(url) && URL.canParse(url)), {
      message: 'must be postgres:// addresses separated by commas',
    })
    .optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  // Private networks webhooks may reach (docs/decisions/0020-webhooks.md): comma-separated CIDRs.
  WEBHOOK_ALLOWED_NETWORKS: z
    .string()
    .superRefine((v, refinement) => {
      try {
        parseAllowedNetworks(v);
      } catch (error) {
        refinement.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  /** Prefix of every key the shop writes to Redis (several shops may share one Redis). */
  redisKeyPrefix: string;
  /** Searches a minute per IP (products and categories); 0: no limit. */
  searchRateLimit: number;
  /** Login attempts a minute per IP (shop and back office; the per-account lockout is separate). */
  loginRateLimit: number;
  logLevel: Env['LOG_LEVEL'];
  shopTimeZone: string;
  demoData: Env['DEMO_DATA'];
  trustProxy: boolean;
  webDistDir: string | undefined;
  bodyLimit: number;
  outbox: OutboxConfig;
  /** Milliseconds between passes of the expiry sweep (approval requests, quote offers). */
  sweepIntervalMs: number;
  /** Read replicas (PostgreSQL only): where anonymous-safe reads go, and the lag a replica may have. */
  replicas: { urls: string[]; maxLagMs: number };
  /** Networks (CIDRs) webhooks may reach although they are private, loopback or link-local. */
  webhookAllowedNetworks: string[];
}

/** How the outbox dispatcher retries (milliseconds). */
export interface OutboxConfig {
  /** First retry delay's ceiling; it doubles with every attempt (full jitter below it). */
  retryStartMs: number;
  /** The delay's ceiling never passes this. */
  retryMaxMs: number;
  /** A message not delivered this long after it was written is marked failed. */
  giveUpMs: number;
  /** The longest the dispatcher sleeps between two looks at the table. */
  pollMs: number;
  /** How long a claimed message is held before another process may take it over. */
  leaseMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment once, at start. A bad value throws a message that names the variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  // Treat empty strings as unset, as shells and .env files often leave them so.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.OUTBOX_RETRY_MAX_MS < result.data.OUTBOX_RETRY_START_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  OUTBOX_RETRY_MAX_MS: must not be smaller than OUTBOX_RETRY_START_MS',
    );
  }
  const replicaUrls = result.data.DATABASE_REPLICA_URLS ?? [];
  if (replicaUrls.length > 0 && !/^postgres(ql)?:\/\//.test(result.data.DATABASE_URL ?? '')) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_REPLICA_URLS: needs DATABASE_URL to be a postgres:// address (replicas of it)',
    );
  }
  return result.data;
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = parseEnv(env);
  const dataDir = path.resolve(parsed.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const url = parsed.DATABASE_URL;
  const database: Config['database'] =
    url && !url.startsWith('sqlite:')
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url ? path.resolve(url.slice('sqlite:'.length)) : path.join(dataDir, 'shop.sqlite'),
        };
  return {
    nodeEnv: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    database,
    jwtSecret: parsed.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    searchRateLimit: parsed.SEARCH_RATE_LIMIT,
    loginRateLimit: parsed.LOGIN_RATE_LIMIT,
    logLevel: parsed.LOG_LEVEL,
    shopTimeZone: parsed.SHOP_TIME_ZONE,
    demoData: parsed.DEMO_DATA,
    trustProxy: parsed.TRUST_PROXY,
    webDistDir: parsed.WEB_DIST_DIR,
    bodyLimit: parsed.BODY_LIMIT_BYTES,
    outbox: {
      retryStartMs: parsed.OUTBOX_RETRY_START_MS,
      retryMaxMs: parsed.OUTBOX_RETRY_MAX_MS,
      giveUpMs: parsed.OUTBOX_GIVE_UP_MS,
      pollMs: parsed.OUTBOX_POLL_MS,
      leaseMs: parsed.OUTBOX_LEASE_MS,
    },
    sweepIntervalMs: parsed.SWEEP_INTERVAL_MS,
    replicas: { urls: parsed.DATABASE_REPLICA_URLS ?? [], maxLagMs: parsed.REPLICA_MAX_LAG_MS },
    webhookAllowedNetworks: parseAllowedNetworks(parsed.WEBHOOK_ALLOWED_NETWORKS),
  };
}
