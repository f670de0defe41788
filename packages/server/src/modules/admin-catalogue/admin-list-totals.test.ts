import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_CAP } from '@shop/shared/contracts/admin-common';
import type { AdminOrderListResponse } from '@shop/shared/contracts/admin-orders';
import type { AdminProductListResponse } from '@shop/shared/contracts/admin-catalogue';
import { TEST_DIALECTS } from '../../../test/test-db';
import { runLargeAccountsSeed, runLargeSeed } from '../../seed/large-seed';
import { cappedTotal } from '../admin/admin-query';
import { type AdminWorld, createAdminWorld } from './admin-catalogue-test-setup';

/**
 * Issue 18 point 5, docs/decisions/0021-capped-list-totals.md: the back office's product and order lists
 * count their matches up to ADMIN_COUNT_CAP + 1 rows. Within the cap `total` is exact; past it the answer
 * says `totalIsLowerBound: true` with the cap (or the rows up to the page's end, when more), and the
 * last page, which knows where the list ends, is exact again.
 */

describe('cappedTotal', () => {
  it('is exact within the cap, exact on a short last page past it, a lower bound otherwise', () => {
    expect(cappedTotal(0, 0, 0, 25)).toEqual({ total: 0, totalIsLowerBound: false });
    expect(cappedTotal(ADMIN_COUNT_CAP, 0, 25, 25)).toEqual({
      total: ADMIN_COUNT_CAP,
      totalIsLowerBound: false,
    });
    expect(cappedTotal(ADMIN_COUNT_CAP + 1, 0, 25, 25)).toEqual({
      total: ADMIN_COUNT_CAP,
      totalIsLowerBound: true,
    });
    expect(cappedTotal(ADMIN_COUNT_CAP + 1, 20_000, 25, 25)).toEqual({
      total: 20_025,
      totalIsLowerBound: true,
    });
    expect(cappedTotal(ADMIN_COUNT_CAP + 1, 20_000, 7, 25)).toEqual({
      total: 20_007,
      totalIsLowerBound: false,
    });
    expect(cappedTotal(ADMIN_COUNT_CAP + 1, 900_000, 0, 25)).toEqual({
      total: ADMIN_COUNT_CAP,
      totalIsLowerBound: true,
    });
  });
});

const NOW = new Date('2026-11-20T10:00:00.000Z');
/** Past the cap by 110 rows: page 405 of 25 holds the last 10 + the fixture's products. */
const LARGE = ADMIN_COUNT_CAP + 110;

describe.each(TEST_DIALECTS)('capped list totals on %s', (dialect) => {
  let world: AdminWorld;
  let dataDir: string;
  let productCount: number;
  let orderCount: number;

  beforeAll(async () => {
    world = await createAdminWorld(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-list-totals-'));
    const db = world.testDb.handle.db;
    await runLargeSeed(db, { products: LARGE, dataDir, now: NOW });
    await runLargeAccountsSeed(db, { customers: 20, orders: LARGE, now: NOW });
    const count = async (table: 'products' | 'orders') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    productCount = await count('products');
    orderCount = await count('orders');
  }, 300_000);

  afterAll(async () => {
    await world?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const products = (query: string) =>
    world.call<AdminProductListResponse>('GET', `/api/admin/catalogue/products?${query}`, {
      token: world.admin.token,
    });
  const orders = (query: string) =>
    world.call<AdminOrderListResponse>('GET', `/api/admin/orders?${query}`, { token: world.admin.token });

  it('the product list: page 1 of more than 10,000 products says "at least 10,000"', async () => {
    expect(productCount).toBeGreaterThan(ADMIN_COUNT_CAP + 100);
    const { status, body } = await products('page=1&pageSize=25');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(25);
    expect(body.total).toBe(ADMIN_COUNT_CAP);
    expect(body.totalIsLowerBound).toBe(true);
  });

  it('the product list: a full page past the cap counts up to its end, the last page is exact', async () => {
    const lastPage = Math.ceil(productCount / 25);
    const full = await products(`page=${lastPage - 1}&pageSize=25`);
    expect(full.body.items).toHaveLength(25);
    expect(full.body).toMatchObject({ total: (lastPage - 1) * 25, totalIsLowerBound: true });
    const last = await products(`page=${lastPage}&pageSize=25`);
    expect(last.body.items).toHaveLength(productCount - (lastPage - 1) * 25);
    expect(last.body).toMatchObject({ total: productCount, totalIsLowerBound: false });
    const all = await world.testDb.handle.db
      .selectFrom('products')
      .select('sku')
      .orderBy('sku', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last.body.items.at(-1)?.sku).toBe(all.sku);
  });

  it('the product list: a filtered or searched set under the cap is counted exactly', async () => {
    const inactive = await world.testDb.handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_active', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(inactive.n)).toBeGreaterThan(0);
    expect(Number(inactive.n)).toBeLessThan(ADMIN_COUNT_CAP);
    const filtered = await products('active=false&page=1&pageSize=25');
    expect(filtered.body).toMatchObject({ total: Number(inactive.n), totalIsLowerBound: false });
    const sku = (await products('page=3&pageSize=25')).body.items[0]!.sku;
    const searched = await products(`q=${encodeURIComponent(sku)}&page=1&pageSize=25`);
    expect(searched.body.items.map((p) => p.sku)).toContain(sku);
    expect(searched.body).toMatchObject({ total: searched.body.items.length, totalIsLowerBound: false });
  });

  it('the product list: a word in more than 10,000 products pages in SKU order, as the plain LIKE does', async () => {
    // "bm0" is in every seeded SKU (BM0000001…), so in more than 10,000 search texts.
    const like = (active?: 0 | 1) => {
      let q = world.testDb.handle.db
        .selectFrom('products')
        .select('sku')
        .where('search_text', 'like', '%bm0%')
        .orderBy('sku');
      if (active !== undefined) q = q.where('is_active', '=', active);
      return q.execute();
    };
    const all = (await like()).map((p) => p.sku);
    expect(all.length).toBeGreaterThan(ADMIN_COUNT_CAP);
    const first = await products('q=BM0&page=1&pageSize=25');
    expect(first.body).toMatchObject({ total: ADMIN_COUNT_CAP, totalIsLowerBound: true });
    expect(first.body.items.map((p) => p.sku)).toEqual(all.slice(0, 25));
    const third = await products('q=bm0&page=3&pageSize=25');
    expect(third.body.items.map((p) => p.sku)).toEqual(all.slice(50, 75));
    const lastPage = Math.ceil(all.length / 25);
    const last = await products(`q=bm0&page=${lastPage}&pageSize=25`);
    expect(last.body.items.map((p) => p.sku)).toEqual(all.slice((lastPage - 1) * 25));
    expect(last.body).toMatchObject({ total: all.length, totalIsLowerBound: false });
    // With the active filter (a join on SQLite) and with a short word besides (LIKE on the rows found).
    const inactive = (await like(0)).map((p) => p.sku);
    expect(inactive.length).toBeGreaterThan(0);
    const filtered = await products('q=bm0&active=false&page=1&pageSize=100');
    expect(filtered.body).toMatchObject({ total: inactive.length, totalIsLowerBound: false });
    expect(filtered.body.items.map((p) => p.sku)).toEqual(inactive.slice(0, 100));
    const short = all[4_321]!.slice(-2);
    const both = await world.testDb.handle.db
      .selectFrom('products')
      .select('sku')
      .where('search_text', 'like', '%bm0%')
      .where('search_text', 'like', `%${short}%`)
      .orderBy('sku')
      .execute();
    expect(both.length).toBeGreaterThan(0);
    const two = await products(`q=${encodeURIComponent(`bm0 ${short}`)}&page=1&pageSize=100`);
    expect(two.body.items.map((p) => p.sku)).toEqual(both.slice(0, 100).map((p) => p.sku));
    expect(two.body.total).toBe(Math.min(both.length, ADMIN_COUNT_CAP));
  });

  it('the product list: a word in thousands of products (under the cap) pages as the plain LIKE does', async () => {
    const db = world.testDb.handle.db;
    const matching = (word: string) =>
      db
        .selectFrom('products')
        .select('sku')
        .where('search_text', 'like', `%${word}%`)
        .orderBy('sku')
        .execute();
    let word = '';
    let want: string[] = [];
    for (const candidate of ['classic', 'gold', '500', '100', '250', 'kft', 'premium']) {
      const found = (await matching(candidate)).map((p) => p.sku);
      if (found.length >= 1_000 && found.length <= ADMIN_COUNT_CAP) {
        word = candidate;
        want = found;
        break;
      }
    }
    expect(word, 'a seeded word in 1,000 to 10,000 products').not.toBe('');
    for (const page of [1, 7, Math.ceil(want.length / 25)]) {
      const answer = await products(`q=${word}&page=${page}&pageSize=25`);
      expect(
        answer.body.items.map((p) => p.sku),
        `${word} page ${page}`,
      ).toEqual(want.slice((page - 1) * 25, page * 25));
      expect(answer.body).toMatchObject({ total: want.length, totalIsLowerBound: false });
    }
  });

  it('the order list: page 1 of more than 10,000 orders says "at least 10,000"; a filter under the cap is exact', async () => {
    expect(orderCount).toBeGreaterThan(ADMIN_COUNT_CAP + 100);
    const first = await orders('page=1&pageSize=25');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body).toMatchObject({ total: ADMIN_COUNT_CAP, totalIsLowerBound: true });
    const lastPage = Math.ceil(orderCount / 25);
    const last = await orders(`page=${lastPage}&pageSize=25`);
    expect(last.body).toMatchObject({ total: orderCount, totalIsLowerBound: false });
    const cancelled = await world.testDb.handle.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(Number(cancelled.n)).toBeGreaterThan(0);
    expect(Number(cancelled.n)).toBeLessThan(ADMIN_COUNT_CAP);
    const filtered = await orders('status=cancelled&page=1&pageSize=25');
    expect(filtered.body).toMatchObject({ total: Number(cancelled.n), totalIsLowerBound: false });
  });

  it('refuses no token, a customer, an agent, a disabled administrator and a revoked token', async () => {
    const db = world.testDb.handle.db;
    for (const url of ['/api/admin/catalogue/products?page=1', '/api/admin/orders?page=1']) {
      expect((await world.call('GET', url)).status, url).toBe(401);
      expect((await world.call('GET', url, { token: world.tokens.a })).status, url).toBe(403);
      expect((await world.call('GET', url, { token: world.tokens.agent })).status, url).toBe(403);
      await db.updateTable('users').set({ is_disabled: 1 }).where('id', '=', world.admin.id).execute();
      expect((await world.call('GET', url, { token: world.admin.token })).status, url).toBe(401);
      await db.updateTable('users').set({ is_disabled: 0 }).where('id', '=', world.admin.id).execute();
      await db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', world.staff.id)
        .execute();
      expect((await world.call('GET', url, { token: world.staff.token })).status, url).toBe(401);
      await db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '-', 1) }))
        .where('id', '=', world.staff.id)
        .execute();
      expect((await world.call('GET', url, { token: world.staff.token })).status, url).toBe(200);
    }
  });

  it('answers hostile paging and filters with ERR_VALIDATION, never a 500', async () => {
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=100001',
      'pageSize=101',
      'pageSize=0',
      'active=maybe',
    ]) {
      const answer = await world.call<{ error?: { code?: string }; code?: string }>(
        'GET',
        `/api/admin/catalogue/products?${query}`,
        { token: world.admin.token },
      );
      expect(answer.status, query).toBe(400);
      expect(answer.raw, query).toMatch(/ERR_VALIDATION/);
    }
    for (const query of ['page=0', 'pageSize=1000', 'status=nope']) {
      const answer = await world.call('GET', `/api/admin/orders?${query}`, { token: world.admin.token });
      expect(answer.status, query).toBe(400);
      expect(answer.raw, query).toMatch(/ERR_VALIDATION/);
    }
    const past = await products('page=100000&pageSize=100');
    expect(past.status).toBe(200);
    expect(past.body.items).toHaveLength(0);
    expect(past.body).toMatchObject({ total: ADMIN_COUNT_CAP, totalIsLowerBound: true });
  });
});
