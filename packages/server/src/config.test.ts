import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

describe('configuration', () => {
  it('uses defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SHOP_TIME_ZONE).toBe('Europe/Budapest');
    expect(env.DEMO_DATA).toBe('auto');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['SHOP_TIME_ZONE', 'Mars/Olympus'],
    ['DEMO_DATA', 'maybe'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_URL', 'redis://bad host:6379'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['SEARCH_RATE_LIMIT', '-1'],
    ['SEARCH_RATE_LIMIT', 'many'],
    ['LOGIN_RATE_LIMIT', '0'],
    ['LOGIN_RATE_LIMIT', '1.5'],
    ['TRUST_PROXY', 'perhaps'],
    ['PUBLIC_URL', 'not a url'],
    ['OUTBOX_RETRY_START_MS', '5'],
    ['OUTBOX_RETRY_START_MS', 'soon'],
    ['OUTBOX_RETRY_MAX_MS', '1.5'],
    ['OUTBOX_GIVE_UP_MS', '0'],
    ['OUTBOX_POLL_MS', '-1'],
    ['OUTBOX_LEASE_MS', '10'],
    ['SWEEP_INTERVAL_MS', '999'],
    ['SWEEP_INTERVAL_MS', 'hourly'],
    ['DATABASE_REPLICA_URLS', 'mysql://replica'],
    ['DATABASE_REPLICA_URLS', 'postgres://a@r1/shop,replica2'],
    ['REPLICA_MAX_LAG_MS', '-5'],
    ['REPLICA_MAX_LAG_MS', 'soon'],
  ])('refuses a bad %s with a message that names it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('sweeps every minute unless SWEEP_INTERVAL_MS says otherwise', () => {
    expect(parseEnv({}).SWEEP_INTERVAL_MS).toBe(60_000);
    expect(parseEnv({ SWEEP_INTERVAL_MS: '5000' }).SWEEP_INTERVAL_MS).toBe(5000);
  });

  it('uses the outbox defaults and refuses a retry ceiling below the first delay', () => {
    const env = parseEnv({});
    expect([env.OUTBOX_RETRY_START_MS, env.OUTBOX_RETRY_MAX_MS, env.OUTBOX_GIVE_UP_MS]).toEqual([
      10_000, 3_600_000, 86_400_000,
    ]);
    expect(() => parseEnv({ OUTBOX_RETRY_START_MS: '20000', OUTBOX_RETRY_MAX_MS: '10000' })).toThrow(
      /OUTBOX_RETRY_MAX_MS: must not be smaller than OUTBOX_RETRY_START_MS/,
    );
  });

  it('reads the replica addresses and their allowed lag, and wants a PostgreSQL primary for them', () => {
    const primary = 'postgres://shop@db1:5432/shop';
    const none = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')), DATABASE_URL: primary });
    expect(none.replicas).toEqual({ urls: [], maxLagMs: 2000 });
    const two = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')),
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: ' postgres://shop@db2:5432/shop, postgresql://shop@db3/shop ',
      REPLICA_MAX_LAG_MS: '500',
    });
    expect(two.replicas).toEqual({
      urls: ['postgres://shop@db2:5432/shop', 'postgresql://shop@db3/shop'],
      maxLagMs: 500,
    });
    expect(() => parseEnv({ DATABASE_REPLICA_URLS: 'postgres://shop@db2/shop' })).toThrow(
      /DATABASE_REPLICA_URLS: needs DATABASE_URL to be a postgres:\/\/ address/,
    );
    expect(() =>
      parseEnv({ DATABASE_URL: 'sqlite:shop.sqlite', DATABASE_REPLICA_URLS: 'postgres://shop@db2/shop' }),
    ).toThrow(ConfigError);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '' }).PORT).toBe(3000);
  });

  it('generates a JWT secret once and keeps it in the data folder', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('chooses SQLite in the data folder by default and PostgreSQL for postgres URLs', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).database).toEqual({
      kind: 'sqlite',
      file: path.join(dataDir, 'shop.sqlite'),
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://u@h/db' })
        .database,
    ).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });
});
