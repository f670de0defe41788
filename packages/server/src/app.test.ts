import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp } from '../test/test-app';
import { TEST_DIALECTS, type TestDatabase } from '../test/test-db';

describe.each(TEST_DIALECTS)('app on %s', (dialect) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(webDist, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    ({ testDb, app } = await startTestApp(dialect, { config: { webDistDir: webDist } }));
  });

  afterAll(() => stopTestApp(app, testDb));

  it('answers liveness', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness when the database is reachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: dialect });
  });

  it('serves the OpenAPI document and its UI', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const body = doc.json() as { openapi: string; paths: Record<string, unknown> };
    expect(body.openapi).toMatch(/^3\./);
    expect(Object.keys(body.paths)).toContain('/api/health');
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a JSON error code', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_ROUTE_NOT_FOUND' });
  });

  it('serves the SPA for every other path (history fallback)', async () => {
    for (const url of ['/', '/cart', '/legal-information', '/category/italok/asvanyviz?page=2']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long-lived caching and compression', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses malformed JSON and oversized bodies with codes, never a 500', async () => {
    // The login is a public POST route with a JSON body: the body is parsed before it runs.
    const login = (payload: string, contentType = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload,
      });
    const bad = await login('{"broken":');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ERR_BAD_JSON' });
    const empty = await login('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'ERR_BAD_JSON' });
    const big = await login(JSON.stringify({ emailorusername: 'y'.repeat(2 * 1024 * 1024), password: 'x' }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE' });
    const xml = await login('<login/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' });
    // The same route with a well-formed body of wrong credentials: it is the body that was refused.
    const wrong = await login(JSON.stringify({ emailorusername: 'nobody@example.com', password: 'x' }));
    expect(wrong.json()).toMatchObject({ error: 'ERR_WRONG_LOGIN_CRED' });
  });
});
