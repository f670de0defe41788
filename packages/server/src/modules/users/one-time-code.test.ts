import { describe, expect, it } from 'vitest';
import { codeHolds, createOneTimeCode, hashOneTimeCode } from './one-time-code';

describe('codeHolds', () => {
  const { code, hash } = createOneTimeCode();
  const now = new Date('2025-03-04T10:00:00.000Z');

  it('holds for the stored code until its expiry, not at it', () => {
    const later = { hash, expiresAt: '2025-03-04T10:00:00.001Z' };
    expect(codeHolds(later, hashOneTimeCode(code), now)).toBe(true);
    expect(codeHolds({ hash, expiresAt: now.toISOString() }, hash, now)).toBe(false);
    expect(codeHolds({ hash, expiresAt: '2025-03-04T09:59:59.999Z' }, hash, now)).toBe(false);
  });

  it('refuses another code, a missing stored code and a missing expiry', () => {
    const expiresAt = '2025-03-05T10:00:00.000Z';
    expect(codeHolds({ hash, expiresAt }, hashOneTimeCode(`${code}x`), now)).toBe(false);
    expect(codeHolds({ hash: null, expiresAt }, hash, now)).toBe(false);
    expect(codeHolds({ hash, expiresAt: null }, hash, now)).toBe(false);
  });
});
