import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

/**
 * GET /api/contents/{catchAll} → { title, description } (spec section 7; description is HTML).
 * TODO(contracts): move this schema to packages/shared/src/contracts/content.ts when the server
 * module defines it, and import it from there.
 */
export const contentPageSchema = z.object({
  title: z.string(),
  description: z.string(),
});
export type ContentPageData = z.infer<typeof contentPageSchema>;

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
