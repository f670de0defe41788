import http from 'node:http';
import https from 'node:https';
import fc from 'fast-check';

/**
 * Hostile inputs against any running shop over HTTP (issue 9, security): random and hostile
 * bodies, query strings, paths and headers for every operation of the OpenAPI document at
 * `/api/docs/json`. Used by the property-based test (test/hostile-inputs.test.ts, which also checks
 * that an error answer changes no data) and by `npm run bench:reliability` (runHostileInputs).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/api/orders/{orderId}/order-again`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level property names of the JSON body (empty when it has none or it is not an object). */
  bodyProperties: string[];
  hasBody: boolean;
  /** none: open; optional: a token is read when sent; required: a token must be sent. */
  security: 'none' | 'optional' | 'required';
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: Record<string, unknown>[];
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** The operations of an OpenAPI document (the shop's own, or one fetched from a server). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const security = op.security;
      const bearer = security?.some((s) => Object.keys(s).length > 0) ?? false;
      const anonymous = !security || security.some((s) => Object.keys(s).length === 0);
      const schema = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: Object.keys(schema?.properties ?? {}),
        hasBody: op.requestBody !== undefined,
        security: !bearer ? 'none' : anonymous ? 'optional' : 'required',
      });
    }
  }
  return operations;
}

export async function fetchOperations(baseUrl: string): Promise<Operation[]> {
  const res = await fetch(new URL('/api/docs/json', baseUrl));
  if (!res.ok) throw new Error(`GET /api/docs/json answered ${res.status}`);
  return operationsOf((await res.json()) as OpenApiDocument);
}

// ---- generators -------------------------------------------------------------------------------

const NASTY_STRINGS = [
  "' OR '1'='1",
  "1'; DROP TABLE users; --",
  '1 UNION SELECT password_hash FROM users',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '1e-400',
  '9007199254740993',
  '-9223372036854775809',
  '99999999999999999999999999',
  '0x7fffffff',
  '1.5',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\uD800',
  '\uFFFF',
  '\u202Egnp.exe',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  '😀👍🏽‍♀️',
  '%',
  '%%',
  '%zz',
  '%ff%fe',
  '\r\nX-Injected: 1',
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  'Z'.repeat(5000),
  '1'.repeat(400),
];

/** A hostile string: well-known attack strings, very long ones, control and unpaired characters, numbers. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A hostile JSON value: any JSON, hostile strings, odd numbers, deep or wide structures. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileString,
    fc.integer(),
    fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.1, 1e-300),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...PROTO_KEYS)), tie('value'), { maxKeys: 5 }),
  ),
})).value;

/** A raw request: what is sent, byte for byte (node:http does not tidy anything up). */
export interface HostileRequest {
  method: string;
  /** Path and query string, percent-encoded where needed. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Send the caller's valid token (when there is one). */
  withToken: boolean;
  /** The operation it aims at, for reports. */
  target: string;
}

/** Percent-encodes everything that node:http would refuse in a request line; keeps `%` so raw escapes get through. */
function pathSafe(value: string): string {
  return Array.from(value)
    .map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (ch === '%' || (code > 0x20 && code < 0x7f && !'?#'.includes(ch))) return ch;
      return encode(ch);
    })
    .join('');
}

/** The string with unpaired surrogates replaced (encodeURIComponent refuses them). */
function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const encode = (value: string): string => encodeURIComponent(wellFormed(value));

function headerSafe(value: string): string {
  // node:http refuses control characters and non-Latin-1 in header values; send what it allows.
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000);
}

const pathValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map(encode) },
  { weight: 2, arbitrary: hostileString.map(pathSafe) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1', '0', '-1', '999999999', '1.0', '%2F', '..', '.', '%00', '%C0%AE'),
  },
);

function queryOf(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant('q') },
    { weight: 1, arbitrary: hostileString.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[]', 'a[b]') },
  );
  const value = fc.oneof(
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 1, arbitrary: hostileString.map(pathSafe) },
    { weight: 1, arbitrary: fc.constantFrom('', '%', '%%', '%zz', '&', '=', '==', '&&&', '[]') },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .array(fc.tuple(key, value), { maxLength: 6 })
        .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    },
    { weight: 1, arbitrary: fc.constantFrom('%', '&&&&', '====', 'a', 'a=1&a=2&a=3', '%00=%00', '?=?') },
  );
}

/** A JSON body aimed at one operation: its own property names with hostile values, or anything else. */
function jsonBodyOf(properties: string[]): fc.Arbitrary<string> {
  const named =
    properties.length > 0
      ? fc
          .dictionary(
            fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom(...properties) },
              { weight: 1, arbitrary: hostileString },
            ),
            hostileJson,
            {
              maxKeys: properties.length + 2,
            },
          )
          .map((o) => JSON.stringify(o))
      : fc.dictionary(hostileString, hostileJson, { maxKeys: 4 }).map((o) => JSON.stringify(o));
  return fc.oneof(
    { weight: 5, arbitrary: named },
    { weight: 2, arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '{"broken":',
        '{',
        '}',
        '[',
        '{"a":1,}',
        "{'a':1}",
        '{"a":NaN}',
        '{"a":1}{"b":2}',
        'null',
        '',
        '\u0000',
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
        JSON.stringify({ s: 'x'.repeat(200_000) }),
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  );
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  '*/*',
  'garbage',
];

const AUTH_JUNK = [
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOjEsInR2IjowfQ.',
  'Basic YWRtaW46YWRtaW4=',
  `Bearer ${'x'.repeat(3000)}`,
  'Bearer ../../etc/passwd',
];

const EXTRA_PATHS = [
  '/api',
  '/api/',
  '/api/%2e%2e/%2e%2e/etc/passwd',
  '/api/docs/json/../../etc/passwd',
  '/images/..%2f..%2f..%2fetc%2fpasswd',
  '/images/%2e%2e/%2e%2e/jwt-secret',
  '/images/../jwt-secret',
  '/assets/..%2f..%2fpackage.json',
  '/%00',
  '//api//auth//login',
  '/api/auth/login/',
  '/API/AUTH/LOGIN',
  '/api/contents/' + '..%2f'.repeat(10) + 'etc/passwd',
  '/api/contents/%ff%fe',
];

/** The value with the given probability (in percent), otherwise null. */
function sometimes<T>(arbitrary: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(null) }, { weight: percent, arbitrary });
}

export interface GeneratorOptions {
  /** Let some requests carry a valid token (the caller sends it). */
  withToken: boolean;
  /** Include bodies larger than this (bytes) now and then to check that they are refused. */
  oversizedBytes?: number;
}

/** One hostile request aimed at one of the operations (or near them). */
export function hostileRequest(
  operations: Operation[],
  options: GeneratorOptions,
): fc.Arbitrary<HostileRequest> {
  if (operations.length === 0) throw new Error('no operations to aim at');
  const oversized = options.oversizedBytes ?? 1024 * 1024;
  const aimed = fc
    .record({
      op: fc.constantFrom(...operations),
      otherMethod: sometimes(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'), 10),
      params: fc.array(pathValue, { minLength: 4, maxLength: 4 }),
      query: fc.boolean(),
      withToken: options.withToken ? fc.boolean() : fc.constant(false),
      authJunk: sometimes(fc.constantFrom(...AUTH_JUNK), 15),
      contentType: sometimes(fc.constantFrom(...CONTENT_TYPES), 20),
      language: sometimes(hostileString.map(headerSafe), 20),
      forwardedFor: sometimes(fc.ipV4(), 50),
      suffix: sometimes(pathValue, 5),
    })
    .chain((r) =>
      fc
        .record({
          query: r.query ? queryOf(r.op.queryParams) : fc.constant(''),
          body:
            r.op.hasBody || r.otherMethod
              ? sometimes(jsonBodyOf(r.op.bodyProperties), r.op.hasBody ? 90 : 20)
              : fc.constant(null),
        })
        .map(({ query, body }): HostileRequest => {
          let i = 0;
          let path = r.op.path.replace(/\{[^}]+\}/g, () => r.params[i++ % 4] ?? '1');
          if (r.suffix) path += `/${r.suffix}`;
          const method = r.otherMethod ?? r.op.method;
          const headers: Record<string, string> = {};
          if (body !== null && method !== 'GET' && method !== 'HEAD') {
            headers['content-type'] = r.contentType ?? 'application/json';
          } else if (r.contentType) {
            headers['content-type'] = r.contentType;
          }
          if (r.authJunk && !r.withToken) headers.authorization = r.authJunk;
          if (r.language) headers['accept-language'] = r.language;
          if (r.forwardedFor) headers['x-forwarded-for'] = r.forwardedFor;
          return {
            method,
            url: query ? `${path}?${query}` : path,
            headers,
            ...(body !== null && method !== 'HEAD' ? { body } : {}),
            withToken: r.withToken,
            target: `${r.op.method} ${r.op.path}`,
          };
        }),
    );
  const stray = fc
    .record({ path: fc.constantFrom(...EXTRA_PATHS), method: fc.constantFrom('GET', 'POST', 'DELETE') })
    .map(({ path, method }): HostileRequest => ({
      method,
      url: path,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
      withToken: false,
      target: 'stray paths',
    }));
  const tooLarge = fc
    .record({
      op: fc.constantFrom(
        ...operations
          .filter((o) => o.hasBody)
          .concat(operations)
          .slice(0, 50),
      ),
    })
    .map(({ op }): HostileRequest => ({
      method: op.method === 'GET' ? 'POST' : op.method,
      url: op.path.replace(/\{[^}]+\}/g, '1'),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filler: 'x'.repeat(oversized + 1024) }),
      withToken: false,
      target: `${op.method} ${op.path} (oversized body)`,
    }));
  return fc.oneof(
    { weight: 20, arbitrary: aimed },
    { weight: 2, arbitrary: stray },
    { weight: 1, arbitrary: tooLarge },
  );
}

// ---- sending ----------------------------------------------------------------------------------

export interface HostileAnswer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** Sends one request exactly as generated. A broken connection or a timeout answers status 0. */
export function sendHostile(
  baseUrl: string,
  req: HostileRequest,
  token?: string,
  timeoutMs = 15_000,
): Promise<HostileAnswer> {
  const base = new URL(baseUrl);
  const client = base.protocol === 'https:' ? https : http;
  const headers: Record<string, string | number> = { ...req.headers };
  if (req.withToken && token) headers.authorization = `Bearer ${token}`;
  const payload = req.body === undefined ? undefined : Buffer.from(req.body, 'utf8');
  if (payload) headers['content-length'] = payload.length;
  return new Promise((resolve) => {
    let request: http.ClientRequest;
    try {
      request = client.request({
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.url.startsWith('/') ? req.url : `/${req.url}`,
        headers,
        timeout: timeoutMs,
        agent: false,
      });
    } catch (error) {
      // node:http refused to send it (an invalid header or path): nothing reached the server.
      resolve({ status: -1, body: String(error), headers: {} });
      return;
    }
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: res.headers,
        }),
      );
      res.on('error', (error) => resolve({ status: 0, body: String(error), headers: {} }));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer 413 and close while the body is still being written.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        if (payload && payload.length > 64 * 1024) return resolve({ status: 413, body: '', headers: {} });
      }
      resolve({ status: 0, body: String(error), headers: {} });
    });
    if (payload) request.write(payload);
    request.end();
  });
}

export function describeRequest(req: HostileRequest): string {
  const body =
    req.body === undefined
      ? ''
      : ` body=${JSON.stringify(req.body.length > 200 ? `${req.body.slice(0, 200)}…(${req.body.length})` : req.body)}`;
  const headers = Object.keys(req.headers).length > 0 ? ` headers=${JSON.stringify(req.headers)}` : '';
  return `${req.method} ${req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url}${req.withToken ? ' [token]' : ''}${headers}${body}`;
}

export interface HostileRunResult {
  tried: number;
  serverErrors: number;
  examples: string[];
}

/**
 * Sends `runs` hostile requests (reproducible with `seed`) to every operation of the server's
 * OpenAPI document and counts the answers of 5xx (and broken connections). With `token`, about half
 * of them carry it.
 */
export async function runHostileInputs(
  baseUrl: string,
  options: { runs: number; seed?: number; token?: string },
): Promise<HostileRunResult> {
  const operations = await fetchOperations(baseUrl);
  const samples = fc.sample(hostileRequest(operations, { withToken: Boolean(options.token) }), {
    numRuns: options.runs,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
  });
  let tried = 0;
  let serverErrors = 0;
  const examples: string[] = [];
  for (const req of samples) {
    const answer = await sendHostile(baseUrl, req, options.token);
    if (answer.status === -1) continue;
    tried += 1;
    if (answer.status >= 500 || answer.status === 0) {
      serverErrors += 1;
      if (examples.length < 10)
        examples.push(`${answer.status} ← ${describeRequest(req)} → ${answer.body.slice(0, 200)}`);
    }
  }
  return { tried, serverErrors, examples };
}
