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
  ])('refuses a bad %s with a message that names it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
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
