import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { downloadFile, fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="arlista.xlsx"; filename*=UTF-8''%C3%A1rlista.xlsx`),
    ).toBe('árlista.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a.pdf"')).toBe('a.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  it('sends the token and language and saves the file under the server’s name', async () => {
    const fetch = vi.fn(
      async () =>
        new Response('%PDF-1.4', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="x.pdf"',
          },
        }),
    );
    const save = vi.fn();
    const name = await downloadFile({
      path: '/newspapers/3/download',
      fileName: 'default.pdf',
      token: 'tok',
      language: 'en',
      fetch,
      save,
    });
    expect(name).toBe('x.pdf');
    expect(fetch).toHaveBeenCalledWith('/api/newspapers/3/download', {
      method: 'GET',
      headers: { 'Accept-Language': 'en', Authorization: 'Bearer tok' },
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[1]).toBe('x.pdf');
    expect(await (save.mock.calls[0]?.[0] as Blob).text()).toBe('%PDF-1.4');
  });

  it('turns an error answer into an ApiError with its code, and a network failure into ERR_NO_RES', async () => {
    const save = vi.fn();
    const notFound = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: 'ERR_NO_CATALOGUES' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(
      downloadFile({ path: '/x', fileName: 'x', token: null, language: 'hu', fetch: notFound, save }),
    ).rejects.toMatchObject({
      code: 'ERR_NO_CATALOGUES',
      status: 404,
    });
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await downloadFile({
      path: '/x',
      fileName: 'x',
      token: null,
      language: 'hu',
      fetch: offline,
      save,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('ERR_NO_RES');
    expect(save).not.toHaveBeenCalled();
  });
});
