import { contentPageSchema, type ContentPageData } from '@shop/shared/contracts/content';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/contents/{catchAll} → { title, description } (docs/product.md §7; description is HTML). */
export type { ContentPageData };

/** "/legal-information/" → "legal-information"; each segment re-encoded for the API path. */
export function contentPathOf(pathname: string): string {
  return pathname
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return encodeURIComponent(segment);
      }
    })
    .join('/');
}

export async function fetchContentPage(
  client: ApiClient,
  path: string,
  signal?: AbortSignal,
): Promise<ContentPageData> {
  const payload = await client.get<unknown>(`/contents/${path}`, signal ? { signal } : {});
  return contentPageSchema.parse(payload);
}
