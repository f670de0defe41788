import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy';

describe('passwordProblem', () => {
  it('accepts 6 to 128 characters', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(passwordProblem('abcdef')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('jelszó')).toBeNull();
  });
  it('names the problem otherwise', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('abcde')).toBe('too_short');
    expect(passwordProblem('x'.repeat(129))).toBe('too_long');
  });
});
