import { describe, expect, it } from 'vitest';
import { languageFromHeader } from './languages';

describe('languageFromHeader', () => {
  it('falls back to hu', () => {
    expect(languageFromHeader(undefined)).toBe('hu');
    expect(languageFromHeader('')).toBe('hu');
    expect(languageFromHeader('de-DE')).toBe('hu');
  });
  it('takes the best supported language by quality', () => {
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromHeader('de;q=1, vi;q=0.5, zh;q=0.8')).toBe('zh');
    expect(languageFromHeader('zh-CN')).toBe('zh');
  });
  it('ignores garbage', () => {
    expect(languageFromHeader(';;;,q=abc')).toBe('hu');
  });
});
