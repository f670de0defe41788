import type { TFunction } from 'i18next';
import { normaliseErrorCode, type ErrorCode, type ErrorParams } from '@shop/shared/errors/error-codes';

/**
 * The one way the web talks to the API (docs/product.md §7): JSON over fetch under /api, with the
 * bearer token, Accept-Language and a JSON content type on every call; errors become ApiError
 * with a normalised code; a timeout or network error is retried every 3000 ms up to 5 times;
 * every request can be aborted, and by default a navigation aborts it too.
 */

/** An error answer of the API (or ERR_NO_RES when the server could not be reached). */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: ErrorParams;

  constructor(code: ErrorCode, status: number, params: ErrorParams = {}) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.params = params;
  }
}

/** The server answered, but not in the shape of the call's contract (RequestOptions.schema). */
export class UnexpectedAnswerError extends ApiError {
  constructor(status: number) {
    super('ERR_UNKNOWN_ERROR', status);
    this.name = 'UnexpectedAnswerError';
  }
}

export type AbortCause = 'caller' | 'navigation';

/** The request was cancelled on purpose: by its caller or by a navigation. Not an error to show. */
export class RequestAbortedError extends Error {
  readonly abortedBy: AbortCause;

  constructor(abortedBy: AbortCause) {
    super(`Request aborted by ${abortedBy}`);
    this.name = 'AbortError';
    this.abortedBy = abortedBy;
  }
}

export function isAbortError(error: unknown): error is RequestAbortedError {
  return error instanceof RequestAbortedError;
}

export function isNavigationAbort(error: unknown): boolean {
  return error instanceof RequestAbortedError && error.abortedBy === 'navigation';
}

/** The error code to show for any failure: the API's code, or ERR_NO_RES when none came. */
export function errorCodeOf(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.code : 'ERR_NO_RES';
}

/** The translated message for a failure (`errors.<CODE>`). */
export function translateError(t: TFunction, error: unknown): string {
  const params = error instanceof ApiError ? error.params : {};
  return t(`errors.${errorCodeOf(error)}`, { ...params });
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The shape an answer must have: a shared contract's zod schema. The client only calls its
 * `safeParse`, so it loads no zod itself (the first page stays without it); pass a promise to load
 * the schema lazily while the request runs.
 */
export interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Aborts this request (e.g. TanStack Query's signal). */
  signal?: AbortSignal;
  /** Retry timeouts and network errors (default true). */
  retry?: boolean;
  /** A navigation aborts this request (default true). */
  navigationScoped?: boolean;
  /** Checks the answer (a different one fails with ERR_UNKNOWN_ERROR); the result has its type. */
  schema?: AnswerSchema<T> | Promise<AnswerSchema<T>>;
}

export interface ApiClientConfig {
  /** Default `/api`. */
  baseUrl?: string;
  fetch?: FetchLike;
  getToken?: () => string | null;
  getLanguage?: () => string;
  /** The signal of the current navigation; it aborts when the user navigates away. */
  getNavigationSignal?: () => AbortSignal | undefined;
  /**
   * Called when the API rejects the token we sent (401 with ERR_UNAUTHORIZED, ERR_TOKEN_EXPIRED or
   * ERR_TOKEN_REVOKED): the session is over. Other 401s (e.g. a wrong password) are the caller's.
   */
  onUnauthorized?: (error: ApiError) => void;
  /**
   * Called when a call answers ERR_PASSWORD_CHANGE_REQUIRED: the account must change its password
   * before it can use the shop (docs/product.md §4, forced change).
   */
  onPasswordChangeRequired?: (error: ApiError) => void;
  /** Delay between retries, default 3000 ms (docs/product.md §9). */
  retryDelayMs?: number;
  /** Number of retries after the first attempt, default 5. */
  maxRetries?: number;
  /** A request without an answer after this long counts as a timeout, default 30 s. */
  timeoutMs?: number;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions<T>, 'method'>): Promise<T>;
}

export const DEFAULT_RETRY_DELAY_MS = 3000;
export const DEFAULT_MAX_RETRIES = 5;
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Gateway answers that mean "the API could not be reached" when they carry no error code. */
const GATEWAY_STATUSES = new Set([408, 502, 503, 504]);

const SESSION_ENDED_CODES: ReadonlySet<ErrorCode> = new Set([
  'ERR_UNAUTHORIZED',
  'ERR_TOKEN_EXPIRED',
  'ERR_TOKEN_REVOKED',
]);

/** Thrown inside the loop for failures worth retrying (network, timeout, gateway). */
class TransientFailure extends Error {}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** One signal that aborts when any of the given ones does (none given: one that never aborts). */
function anyOf(signals: readonly (AbortSignal | undefined)[]): AbortSignal {
  return AbortSignal.any(signals.filter((signal): signal is AbortSignal => signal !== undefined));
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(new Error('aborted'));
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toParams(value: unknown): ErrorParams {
  if (!isRecord(value)) return {};
  const params: ErrorParams = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || ['string', 'number', 'boolean'].includes(typeof item)) {
      params[key] = item as string | number | boolean | null;
    }
  }
  return params;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text.length === 0) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return text;
}

export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const baseUrl = config.baseUrl ?? '/api';
  const fetchFn: FetchLike = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryDelayMs = config.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const maxRetries = config.maxRetries ?? DEFAULT_MAX_RETRIES;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /** One attempt: resolves with the payload, throws ApiError, or throws TransientFailure. */
  async function attempt(url: string, method: string, body: string | undefined, signal: AbortSignal) {
    const token = config.getToken?.() ?? null;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': config.getLanguage?.() ?? 'hu',
    };
    if (token) headers.Authorization = `Bearer ${token}`;

    const init: RequestInit = { method, headers, signal: anyOf([signal, AbortSignal.timeout(timeoutMs)]) };
    if (body !== undefined) init.body = body;
    let response: Response;
    let payload: unknown;
    try {
      response = await fetchFn(url, init);
      payload = await readBody(response);
    } catch {
      throw new TransientFailure('network error or timeout');
    }
    if (response.ok) return payload;

    const errorField = isRecord(payload) ? payload.error : undefined;
    if (errorField === undefined && GATEWAY_STATUSES.has(response.status)) {
      throw new TransientFailure(`HTTP ${response.status}`);
    }
    const error = new ApiError(
      normaliseErrorCode(errorField),
      response.status,
      isRecord(payload) ? toParams(payload.params) : {},
    );
    if (response.status === 401 && token && SESSION_ENDED_CODES.has(error.code)) {
      config.onUnauthorized?.(error);
    }
    if (token && error.code === 'ERR_PASSWORD_CHANGE_REQUIRED') config.onPasswordChangeRequired?.(error);
    throw error;
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const url = buildUrl(baseUrl, path, options.query);
    // Every call sends a JSON content type (docs/product.md §7); a body-less write sends "{}" so a
    // JSON body parser on the server never meets an empty body.
    const body = method === 'GET' ? undefined : JSON.stringify(options.body ?? {});
    const callerSignal = options.signal;
    const navigationSignal = options.navigationScoped === false ? undefined : config.getNavigationSignal?.();
    const retries = options.retry === false ? 0 : maxRetries;
    const cancel = anyOf([callerSignal, navigationSignal]);

    const abortedError = (): RequestAbortedError | undefined => {
      if (callerSignal?.aborted) return new RequestAbortedError('caller');
      if (navigationSignal?.aborted) return new RequestAbortedError('navigation');
      return undefined;
    };

    // The answer's contract, loading (a lazy import of a shared schema) while the request runs.
    const schema = options.schema;
    for (let attemptNo = 0; ; attemptNo += 1) {
      const abortedBefore = abortedError();
      if (abortedBefore) throw abortedBefore;
      let payload: unknown;
      try {
        payload = await attempt(url, method, body, cancel);
      } catch (error) {
        const abortedNow = abortedError();
        if (abortedNow) throw abortedNow;
        if (!(error instanceof TransientFailure)) throw error;
        if (attemptNo >= retries) throw new ApiError('ERR_NO_RES', 0);
        try {
          await wait(retryDelayMs, cancel);
        } catch {
          throw abortedError() ?? new RequestAbortedError('caller');
        }
        continue;
      }
      if (schema === undefined) return payload as T;
      const checked = (await schema).safeParse(payload);
      // The server answered, but not what the contract says: never used as if it were.
      if (!checked.success) throw new UnexpectedAnswerError(200);
      return checked.data;
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}
