import { loginResponseSchema, type LoginRequest, type LoginResponse } from '@shop/shared/contracts/auth';
import {
  registerResponseSchema,
  successResponseSchema,
  type RegisterData,
} from '@shop/shared/contracts/users';
import type { ApiClient } from '../../../lib/api-client';

/** The account calls of docs/product.md §7 (and the registration and forgot-password calls it does not show). */

/** POST /api/auth/login → the access token, with `reset: true` when the password must change first. */
export async function login(client: ApiClient, request: LoginRequest): Promise<LoginResponse> {
  return loginResponseSchema.parse(
    await client.post<unknown>('/auth/login', request, { navigationScoped: false }),
  );
}

/** POST /api/users/register */
export async function register(client: ApiClient, request: RegisterData): Promise<{ userId: number }> {
  const answer = registerResponseSchema.parse(
    await client.post<unknown>('/users/register', request, { retry: false, navigationScoped: false }),
  );
  return { userId: answer.userId };
}

/** A POST of an e-mail address that has a mail sent to it (once, not retried); the answer is `{ data: true }`. */
async function mailTo(client: ApiClient, path: string, email: string): Promise<void> {
  successResponseSchema.parse(
    await client.post<unknown>(path, { email }, { retry: false, navigationScoped: false }),
  );
}

/** POST /api/users/forgot-password: a reset link is mailed. */
export function requestPasswordReset(client: ApiClient, email: string): Promise<void> {
  return mailTo(client, '/users/forgot-password', email);
}

/** POST /api/users/resend-verification: a new registration confirmation mail (the older link stops working). */
export function resendVerification(client: ApiClient, email: string): Promise<void> {
  return mailTo(client, '/users/resend-verification', email);
}

/** GET /api/users/{userId}/verify/{code} */
export async function verifyEmail(
  client: ApiClient,
  userId: string,
  code: string,
  signal?: AbortSignal,
): Promise<void> {
  const path = `/users/${encodeURIComponent(userId)}/verify/${encodeURIComponent(code)}`;
  successResponseSchema.parse(await client.get<unknown>(path, signal ? { signal } : {}));
}

/** POST /api/users/{userId}/reset-password/{code} {newPassword} */
export async function resetPassword(
  client: ApiClient,
  userId: string,
  code: string,
  newPassword: string,
): Promise<void> {
  const path = `/users/${encodeURIComponent(userId)}/reset-password/${encodeURIComponent(code)}`;
  successResponseSchema.parse(
    await client.post<unknown>(path, { newPassword }, { retry: false, navigationScoped: false }),
  );
}
