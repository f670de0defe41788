import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppContext } from '../src/app-context';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/connection';
import { createMailer, type Mailer } from '../src/lib/mailer';

/** A complete configuration for tests: random secret, a temporary data folder, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-data-'));
  return {
    nodeEnv: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    database: { kind: 'sqlite', file: path.join(dataDir, 'unused.sqlite') },
    jwtSecret: randomBytes(32).toString('hex'),
    publicUrl: 'http://shop.test',
    smtpUrl: undefined,
    mailFrom: 'Test Shop <shop@example.com>',
    redisUrl: undefined,
    redisKeyPrefix: 'shop-test:',
    searchRateLimit: 300,
    loginRateLimit: 20,
    logLevel: 'silent',
    shopTimeZone: 'Europe/Budapest',
    demoData: 'false',
    trustProxy: false,
    webDistDir: undefined,
    bodyLimit: 1024 * 1024,
    outbox: {
      retryStartMs: 10_000,
      retryMaxMs: 3_600_000,
      giveUpMs: 86_400_000,
      pollMs: 5000,
      leaseMs: 120_000,
    },
    sweepIntervalMs: 60_000,
    replicas: { urls: [], maxLagMs: 2000 },
    // The tests' webhook receivers listen on 127.0.0.1.
    webhookAllowedNetworks: ['127.0.0.1/32'],
    ...overrides,
  };
}

/**
 * An AppContext over a test database. `clock.set()` moves the time the server sees.
 * Mail goes to the outbox folder unless a mailer (e.g. to a test SMTP server) is given.
 */
export function testContext(
  database: DatabaseHandle,
  options: { config?: Partial<Config>; mailer?: Mailer; now?: Date } = {},
): AppContext & { clock: { set(date: Date): void; advance(ms: number): void } } {
  const config = testConfig(options.config);
  let current: Date | null = options.now ?? null;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    });
  return {
    config,
    database,
    mailer,
    now: () => (current ? new Date(current) : new Date()),
    clock: {
      set(date: Date) {
        current = new Date(date);
      },
      advance(ms: number) {
        current = new Date((current ?? new Date()).getTime() + ms);
      },
    },
  };
}
