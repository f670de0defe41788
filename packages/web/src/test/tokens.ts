/** An unsigned JWT-shaped token with the given claims (the web never verifies signatures). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A customer token valid for an hour. */
export function validToken(extra: Record<string, unknown> = {}): string {
  return fakeToken({
    exp: Math.floor(Date.now() / 1000) + 3600,
    isAgent: false,
    id: 7,
    userId: 42,
    ...extra,
  });
}

/** `GET /api/auth/me`'s answer for the customer of {@link validToken}. */
export const CUSTOMER_ME = {
  userId: 42,
  customerId: 7,
  isAgent: false,
  name: 'Példa Kft.',
  mustChangePassword: false,
  currentCustomerId: 7,
};
