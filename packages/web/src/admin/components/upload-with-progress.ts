import { normaliseErrorCode } from '@shop/shared/errors/error-codes';
import { ApiError } from '../../lib/api-client';
import { adminAuthStore } from '../admin-auth-store';

/**
 * Sends a file as the raw body of a back-office POST (a photo, a ZIP of photos) and reports how
 * much of it has gone up (0..1) — fetch cannot tell upload progress, XMLHttpRequest can. Errors
 * become ApiError like the API client's; a rejected token ends the admin session.
 */
export function uploadWithProgress<T>(options: {
  url: string;
  body: Blob;
  contentType: string;
  language: string;
  onProgress?: (fraction: number) => void;
}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', options.url);
    xhr.setRequestHeader('Content-Type', options.contentType);
    xhr.setRequestHeader('Accept-Language', options.language);
    const token = adminAuthStore.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('ERR_NO_RES', 0));
    xhr.onload = () => {
      type Answer = T & { error?: string; params?: Record<string, string | number> };
      const body = ((): Answer | null => {
        try {
          return JSON.parse(xhr.responseText) as Answer;
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        options.onProgress?.(1);
        resolve(body);
        return;
      }
      if (xhr.status === 401) adminAuthStore.signOut('expired');
      reject(new ApiError(normaliseErrorCode(body?.error), xhr.status, body?.params ?? {}));
    };
    xhr.send(options.body);
  });
}
