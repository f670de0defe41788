import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

const url = process.env.TEST_DATABASE_URL;

// PostgreSQL refuses a NUL byte in text (SQLSTATE 22021); SQLite stores it, so there is nothing to map.
describe.skipIf(!url)('text PostgreSQL cannot hold', () => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    registerErrorHandler(app);
    app.post<{ Body: { text: string } }>('/echo', async (request) => {
      const result = await pool.query<{ text: string }>('SELECT $1::text AS text', [request.body.text]);
      return result.rows[0];
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pool.end();
  });

  it('answers 400 ERR_VALIDATION, not a 500, when a NUL byte reaches the database', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const fine = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'ab' } });
    expect(fine.json()).toEqual({ text: 'ab' });
  });
});
