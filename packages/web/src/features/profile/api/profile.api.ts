import { meResponseSchema, type MeResponse } from '@shop/shared/contracts/auth';
import {
  extendedCustomerResponseSchema,
  userDataResponseSchema,
  type ExtendedCustomerResponse,
  type UserData,
} from '@shop/shared/contracts/users';
import type { ApiClient } from '../../../lib/api-client';

/** The profile calls of docs/product.md §7. */

/**
 * The query key of `GET /api/auth/me`; the shell asks the same call with the same key (for the
 * forced change), so the two share one cache entry. Its data is the raw answer: parse it with
 * {@link parseMe}.
 */
export const meQueryKey = (token: string | null) => ['auth', 'me', token] as const;

export function fetchMe(client: ApiClient, signal?: AbortSignal): Promise<unknown> {
  return client.get<unknown>('/auth/me', signal ? { signal } : {});
}

export function parseMe(answer: unknown): MeResponse {
  return meResponseSchema.parse(answer);
}

/** GET /api/users/get-user-data (customers only). */
export async function fetchUserData(client: ApiClient, signal?: AbortSignal): Promise<UserData> {
  return userDataResponseSchema.parse(
    await client.get<unknown>('/users/get-user-data', signal ? { signal } : {}),
  );
}

/** GET /api/customers/{customerId}/extended (the agent's data source). */
export async function fetchExtendedCustomer(
  client: ApiClient,
  customerId: number,
  signal?: AbortSignal,
): Promise<ExtendedCustomerResponse['data']> {
  const answer = extendedCustomerResponseSchema.parse(
    await client.get<unknown>(`/customers/${customerId}/extended`, signal ? { signal } : {}),
  );
  return answer.data;
}
