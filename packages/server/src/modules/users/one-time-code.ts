import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Single-use codes of the e-mail links (verification, password reset): 32 random bytes,
 * base64url in the link; only their SHA-256 hash (hex) is stored.
 */
export interface OneTimeCode {
  code: string;
  hash: string;
}

export function createOneTimeCode(): OneTimeCode {
  const code = randomBytes(32).toString('base64url');
  return { code, hash: hashOneTimeCode(code) };
}

export function hashOneTimeCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}

/** Constant-time comparison of two stored-form hashes. */
export function sameCodeHash(stored: string | null, candidate: string): boolean {
  if (!stored || stored.length !== candidate.length) return false;
  return timingSafeEqual(Buffer.from(stored, 'utf8'), Buffer.from(candidate, 'utf8'));
}

/**
 * Whether a link's code (`candidate`, in stored form) is the stored one and has not expired: a
 * missing expiry counts as expired.
 */
export function codeHolds(
  stored: { hash: string | null; expiresAt: string | null },
  candidate: string,
  now: Date,
): boolean {
  return (
    sameCodeHash(stored.hash, candidate) &&
    stored.expiresAt !== null &&
    new Date(stored.expiresAt).getTime() > now.getTime()
  );
}

export const VERIFICATION_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = 60 * 60 * 1000;
