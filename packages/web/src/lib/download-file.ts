import { normaliseErrorCode } from '@shop/shared/errors/error-codes';
import { ApiError, type FetchLike } from './api-client';

/**
 * Downloads a file from the API (a newspaper PDF, the price list) with the bearer token and the
 * language, and hands it to the browser as a download. Errors are ApiErrors with the API's code
 * (ERR_NO_RES when the server cannot be reached), like the API client's.
 */
export interface DownloadOptions {
  /** Path under /api, e.g. "/newspapers/generated?language=hu". */
  path: string;
  /** The name to save the file as, unless the server names it. */
  fileName: string;
  token: string | null;
  language: string;
  signal?: AbortSignal;
  fetch?: FetchLike;
  /** Hands the file to the browser (default: a temporary link with the download attribute). */
  save?: (blob: Blob, fileName: string) => void;
}

/** The file name of a Content-Disposition header (filename* first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** Saves a blob through a temporary object URL and link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadFile(options: DownloadOptions): Promise<string> {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const headers: Record<string, string> = { 'Accept-Language': options.language };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetchFn(`/api${options.path}`, {
      method: 'GET',
      headers,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ApiError('ERR_NO_RES', 0);
  }
  if (!response.ok) {
    let code: unknown;
    try {
      code = ((await response.json()) as { error?: unknown }).error;
    } catch {
      code = undefined;
    }
    throw new ApiError(normaliseErrorCode(code), response.status);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError('ERR_NO_RES', 0);
  }
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? options.fileName;
  (options.save ?? saveBlob)(blob, fileName);
  return fileName;
}
