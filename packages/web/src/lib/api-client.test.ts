// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createI18n } from '../i18n/i18n';
import {
  ApiError,
  buildUrl,
  createApiClient,
  errorCodeOf,
  RequestAbortedError,
  translateError,
  UnexpectedAnswerError,
  type ApiClientConfig,
} from './api-client';

/** A real local HTTP server; each test path answers in its own way and counts its requests. */
let server: Server;
let baseUrl: string;
const hits = new Map<string, number>();
const pending = new Set<ServerResponse>();

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const count = (hits.get(url.pathname) ?? 0) + 1;
  hits.set(url.pathname, count);
  const body = await readBody(req);
  switch (url.pathname) {
    case '/api/echo':
      return json(res, 200, {
        method: req.method,
        query: url.search,
        body,
        headers: {
          authorization: req.headers.authorization ?? null,
          'accept-language': req.headers['accept-language'] ?? null,
          'content-type': req.headers['content-type'] ?? null,
          accept: req.headers.accept ?? null,
        },
      });
    case '/api/no-content':
      res.writeHead(204);
      return res.end();
    case '/api/validation':
      return json(res, 400, {
        error: 'ERR_VALIDATION',
        params: { field: 'email', max: 3, nested: { no: 1 } },
      });
    case '/api/not-found-legacy':
      return json(res, 404, { error: 'Not Found' });
    case '/api/unknown-code':
      return json(res, 409, { error: 'SOMETHING_NEW' });
    case '/api/html-404':
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<h1>Not here</h1>');
    case '/api/unauthorized':
      return json(res, 401, { error: 'ERR_TOKEN_EXPIRED' });
    case '/api/wrong-password':
      return json(res, 401, { error: 'ERR_WRONG_LOGIN_CRED' });
    case '/api/server-error':
      return json(res, 500, { error: 'ERR_INTERNAL' });
    case '/api/drop':
      // A network error: the connection closes without an answer.
      return res.socket?.destroy();
    case '/api/drop-twice':
      if (count <= 2) return res.socket?.destroy();
      return json(res, 200, { ok: true, attempts: count });
    case '/api/gateway':
      if (count <= 1) {
        res.writeHead(502);
        return res.end();
      }
      return json(res, 200, { ok: true });
    case '/api/hang':
      // Never answers (until the test run ends).
      pending.add(res);
      return;
    default:
      return json(res, 404, { error: 'ERR_ROUTE_NOT_FOUND' });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  for (const res of pending) res.socket?.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => hits.clear());

function client(config: ApiClientConfig = {}) {
  return createApiClient({ baseUrl, retryDelayMs: 10, ...config });
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('api client: headers and payloads', () => {
  it('sends the bearer token, Accept-Language and JSON content type', async () => {
    const api = client({ getToken: () => 'abc.def.ghi', getLanguage: () => 'en' });
    const answer = await api.get<{ headers: Record<string, string> }>('/echo');
    expect(answer.headers).toEqual({
      authorization: 'Bearer abc.def.ghi',
      'accept-language': 'en',
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('sends no Authorization header without a token and defaults the language to hu', async () => {
    const answer = await client().get<{ headers: Record<string, string | null> }>('/echo');
    expect(answer.headers.authorization).toBeNull();
    expect(answer.headers['accept-language']).toBe('hu');
  });

  it('sends a JSON body, and "{}" for a write without one', async () => {
    const api = client();
    const withBody = await api.post<{ method: string; body: string }>('/echo', {
      productSku: 'A-1',
      quantity: 3,
    });
    expect(withBody).toMatchObject({ method: 'POST', body: '{"productSku":"A-1","quantity":3}' });
    const withoutBody = await api.delete<{ method: string; body: string }>('/echo');
    expect(withoutBody).toMatchObject({ method: 'DELETE', body: '{}' });
    const get = await api.get<{ body: string }>('/echo');
    expect(get.body).toBe('');
  });

  it('builds the query string, repeating array values and skipping empty ones', async () => {
    const answer = await client().get<{ query: string }>('/echo', {
      query: {
        currentPage: 2,
        caching: false,
        selectedManufacturers: ['Acme', 'B&B'],
        q: null,
        sku: undefined,
      },
    });
    expect(answer.query).toBe(
      '?currentPage=2&caching=false&selectedManufacturers=Acme&selectedManufacturers=B%26B',
    );
    expect(buildUrl('/api', 'contents/a', {})).toBe('/api/contents/a');
  });

  it('returns undefined for 204 No Content', async () => {
    await expect(client().post('/no-content')).resolves.toBeUndefined();
  });
});

describe('api client: errors', () => {
  it('turns { error, params } into an ApiError with the code, status and scalar params', async () => {
    const error = await failure(client().get('/validation'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'ERR_VALIDATION', status: 400, params: { field: 'email', max: 3 } });
  });

  it('normalises "Not Found" to NOT_FOUND and unknown or missing codes to ERR_NO_RES', async () => {
    expect(await failure(client().get('/not-found-legacy'))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    expect(await failure(client().get('/unknown-code'))).toMatchObject({ code: 'ERR_NO_RES', status: 409 });
    expect(await failure(client().get('/html-404'))).toMatchObject({ code: 'ERR_NO_RES', status: 404 });
  });

  it('does not retry an error answer (4xx or 5xx with a code)', async () => {
    await failure(client().get('/validation'));
    await failure(client().get('/server-error'));
    expect(hits.get('/api/validation')).toBe(1);
    expect(hits.get('/api/server-error')).toBe(1);
  });

  it('reports a rejected token (401 after sending one) and not a 401 without a token', async () => {
    const onUnauthorized = vi.fn();
    await failure(client({ getToken: () => 'expired.token.x', onUnauthorized }).get('/unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({ code: 'ERR_TOKEN_EXPIRED', status: 401 });
    await failure(client({ onUnauthorized }).get('/unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A 401 that is about the request, not the session, is left to the caller.
    const wrong = await failure(
      client({ getToken: () => 'valid.token.x', onUnauthorized }).post('/wrong-password'),
    );
    expect(wrong).toMatchObject({ code: 'ERR_WRONG_LOGIN_CRED', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('translates errors with errors.<CODE>, and anything else as the server-connection error', async () => {
    const i18n = await createI18n({ language: 'hu', namespaces: 'all' });
    expect(translateError(i18n.t, new ApiError('ERR_WRONG_LOGIN_CRED', 401))).toBe(
      'Hibás e-mail-cím vagy jelszó.',
    );
    expect(translateError(i18n.t, new TypeError('boom'))).toBe(i18n.t('errors.ERR_NO_RES'));
    expect(errorCodeOf(new ApiError('NOT_FOUND', 404))).toBe('NOT_FOUND');
    await i18n.changeLanguage('en');
    expect(translateError(i18n.t, new ApiError('ERR_WRONG_LOGIN_CRED', 401))).toBe(
      'Incorrect e-mail address or password.',
    );
  });
});

describe('api client: answers checked by their contract', () => {
  const echoSchema = z.object({ method: z.literal('POST'), body: z.string() });

  it('answers the parsed value when the answer fits the schema', async () => {
    const answer = await client().post('/echo', { a: 1 }, { schema: echoSchema });
    expect(answer).toEqual({ method: 'POST', body: '{"a":1}' });
  });

  it('fails with ERR_UNKNOWN_ERROR when it does not', async () => {
    const error = await failure(client().get('/echo', { schema: echoSchema }));
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(error).toMatchObject({ code: 'ERR_UNKNOWN_ERROR', status: 200 });
  });

  it('takes a schema that is still loading', async () => {
    const loading = new Promise<typeof echoSchema>((resolve) => setTimeout(() => resolve(echoSchema), 20));
    await expect(client().post('/echo', undefined, { schema: loading })).resolves.toEqual({
      method: 'POST',
      body: '{}',
    });
  });
});

describe('api client: retries', () => {
  it('retries a network error 5 times, 3000 ms apart by default, then fails with ERR_NO_RES', async () => {
    const api = client({ retryDelayMs: 20 });
    const started = Date.now();
    const error = await failure(api.get('/drop'));
    expect(error).toMatchObject({ code: 'ERR_NO_RES', status: 0 });
    expect(hits.get('/api/drop')).toBe(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 20 - 5);
  });

  it('keeps the default delay and count of docs/product.md §9', async () => {
    const { DEFAULT_MAX_RETRIES, DEFAULT_RETRY_DELAY_MS } = await import('./api-client');
    expect([DEFAULT_MAX_RETRIES, DEFAULT_RETRY_DELAY_MS]).toEqual([5, 3000]);
  });

  it('succeeds when the network recovers within the retries', async () => {
    await expect(client().get('/drop-twice')).resolves.toEqual({ ok: true, attempts: 3 });
  });

  it('retries a connection refused the same way (no server at all)', async () => {
    let calls = 0;
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1:1/api',
      retryDelayMs: 1,
      maxRetries: 3,
      fetch: (input, init) => {
        calls += 1;
        return fetch(input, init);
      },
    });
    expect(await failure(api.get('/anything'))).toMatchObject({ code: 'ERR_NO_RES' });
    expect(calls).toBe(4);
  });

  it('retries a timeout', async () => {
    const error = await failure(client({ timeoutMs: 40, maxRetries: 2 }).get('/hang'));
    expect(error).toMatchObject({ code: 'ERR_NO_RES' });
    expect(hits.get('/api/hang')).toBe(3);
  });

  it('retries a gateway answer without an error code (the API was not reached)', async () => {
    await expect(client().get('/gateway')).resolves.toEqual({ ok: true });
    expect(hits.get('/api/gateway')).toBe(2);
  });

  it('does not retry when the request says so', async () => {
    await failure(client().post('/drop', {}, { retry: false }));
    expect(hits.get('/api/drop')).toBe(1);
  });
});

describe('api client: aborting', () => {
  it('aborts a pending request with the caller signal', async () => {
    const controller = new AbortController();
    const request = client().get('/hang', { signal: controller.signal });
    await vi.waitFor(() => expect(hits.get('/api/hang')).toBe(1));
    controller.abort();
    const error = await failure(request);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ abortedBy: 'caller' });
  });

  it('stops retrying when aborted during the wait between retries', async () => {
    const controller = new AbortController();
    const request = client({ retryDelayMs: 60_000 }).get('/drop', { signal: controller.signal });
    await vi.waitFor(() => expect(hits.get('/api/drop')).toBe(1));
    controller.abort();
    expect(await failure(request)).toMatchObject({ abortedBy: 'caller' });
    expect(hits.get('/api/drop')).toBe(1);
  });

  it('does not start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await failure(client().get('/echo', { signal: controller.signal }))).toBeInstanceOf(
      RequestAbortedError,
    );
    expect(hits.get('/api/echo')).toBeUndefined();
  });

  it('a navigation aborts pending requests, except those that opt out', async () => {
    let navigation = new AbortController();
    const api = client({ getNavigationSignal: () => navigation.signal });
    const scoped = api.get('/hang');
    const unscoped = api.get<{ method: string }>('/echo', { navigationScoped: false });
    await vi.waitFor(() => expect(hits.get('/api/hang')).toBe(1));
    const previous = navigation;
    navigation = new AbortController();
    previous.abort();
    expect(await failure(scoped)).toMatchObject({ abortedBy: 'navigation' });
    await expect(unscoped).resolves.toMatchObject({ method: 'GET' });
    // Requests started after the navigation use the new scope.
    await expect(api.get('/echo')).resolves.toMatchObject({ method: 'GET' });
  });
});
