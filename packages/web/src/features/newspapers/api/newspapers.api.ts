import { newspaperListResponseSchema, type Newspaper } from '@shop/shared/contracts/newspapers';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/newspapers: the current newspapers (login needed). */
export async function fetchNewspapers(client: ApiClient, signal?: AbortSignal): Promise<Newspaper[]> {
  const payload = await client.get<unknown>('/newspapers', signal ? { signal } : {});
  return newspaperListResponseSchema.parse(payload).newspapers;
}
