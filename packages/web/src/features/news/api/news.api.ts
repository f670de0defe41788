import {
  currentNewsSchema,
  newsProductsResponseSchema,
  type CurrentNews,
  type NewsProductsResponse,
} from '@shop/shared/contracts/news';
import { ApiError, type ApiClient } from '../../../lib/api-client';

/**
 * GET /api/news/current (404 NOT_FOUND: no news) and GET /api/news/current/products (login).
 * Both run in the background of the shell: a navigation does not abort them.
 */
export async function fetchCurrentNews(client: ApiClient, signal?: AbortSignal): Promise<CurrentNews | null> {
  try {
    const payload = await client.get<unknown>('/news/current', {
      navigationScoped: false,
      ...(signal ? { signal } : {}),
    });
    return currentNewsSchema.parse(payload);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export async function fetchNewsProducts(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<NewsProductsResponse> {
  const payload = await client.get<unknown>('/news/current/products', {
    navigationScoped: false,
    ...(signal ? { signal } : {}),
  });
  return newsProductsResponseSchema.parse(payload);
}
