import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, BatchResult } from '@shop/shared/contracts/admin-integration';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { validTaxNumber } from '../../../test/account-fixtures';
import { TEST_DIALECTS } from '../../../test/test-db';
import { type AdminWorld, createAdminWorld } from '../admin-catalogue/admin-catalogue-test-setup';
import { createApiKey } from './integration.fixture';
import { fixtureBarcodes } from '../products/catalogue.fixture';

const listPrice = (price: number, extra: Record<string, unknown> = {}) => ({
  priceGroup: null,
  price,
  specialPrice: null,
  specialPriceStart: null,
  specialPriceEnd: null,
  quantityDiscount: 1,
  quantitativeUnit: 'piece',
  ...extra,
});

describe.each(TEST_DIALECTS)('ERP integration on %s', (dialect) => {
  let w: AdminWorld;
  let key: string;
  const db = () => w.testDb.handle.db;
  const count = async (table: 'api_keys' | 'integration_batches' | 'products' | 'customers' | 'audit_log') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const batch = (kind: string, body: unknown, apiKey = key) =>
    w.call<BatchResult & { error?: string }>('POST', `/api/integration/${kind}/batch`, {
      body,
      headers: { 'x-api-key': apiKey },
    });
  const stockOf = async (sku: string) =>
    Number(
      (await db().selectFrom('products').select('stock').where('sku', '=', sku).executeTakeFirstOrThrow())
        .stock,
    );
  const shopPrice = async (sku: string) =>
    (
      await w.call<ProductListResponse>(
        'GET',
        `/api/products/search?searchType=product-by-sku&searchSku=${sku}`,
        {
          token: w.tokens.b,
        },
      )
    ).body.products[0]?.currentPrice;

  beforeAll(async () => {
    w = await createAdminWorld(dialect);
    key = (await createApiKey(w, 'SAP')).key;
  });
  afterAll(async () => {
    await w.close();
  });

  describe('API keys in the back office', () => {
    it('shows the key once, stores only a hash with a prefix, and audits it', async () => {
      expect(key).toMatch(/^shk_[0-9a-f]{10}_[A-Za-z0-9_-]{43}$/);
      const row = await db()
        .selectFrom('api_keys')
        .selectAll()
        .where('name', '=', 'SAP')
        .executeTakeFirstOrThrow();
      expect(key.startsWith(`shk_${row.prefix}_`)).toBe(true);
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.key_hash).not.toContain(key.slice(15));
      const list = await w.call<{ items: ApiKey[] }>('GET', '/api/admin/integration/api-keys', {
        token: w.admin.token,
      });
      expect(list.status).toBe(200);
      expect(list.raw).not.toContain(key);
      expect(list.body.items.find((k) => k.name === 'SAP')).toMatchObject({
        prefix: row.prefix,
        createdBy: 'Admin Anna',
        revokedAt: null,
      });
      const audit = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'api-key.create')
        .executeTakeFirstOrThrow();
      expect(audit.after_json).not.toContain(key);
    });

    it('refuses no token, customers, agents and staff on every key endpoint; nothing changes', async () => {
      const before = [await count('api_keys'), await count('audit_log')];
      const endpoints: [string, string, unknown?][] = [
        ['GET', '/api/admin/integration/api-keys'],
        ['POST', '/api/admin/integration/api-keys', { name: 'x' }],
        ['POST', '/api/admin/integration/api-keys/1/revoke'],
      ];
      for (const [method, url, body] of endpoints) {
        const none = await w.call<{ error: string }>(method as never, url, { body });
        expect([none.status, none.body.error]).toEqual([401, 'ERR_UNAUTHORIZED']);
        for (const token of [w.tokens.a, w.tokens.agent]) {
          const answer = await w.call<{ error: string }>(method as never, url, { token, body });
          expect([answer.status, answer.body.error]).toEqual([403, 'ERR_NOT_STAFF']);
        }
        const staff = await w.call<{ error: string }>(method as never, url, { token: w.staff.token, body });
        expect([staff.status, staff.body.error]).toEqual([403, 'ERR_FORBIDDEN']);
      }
      expect([await count('api_keys'), await count('audit_log')]).toEqual(before);
    });

    it('a revoked key stops working at once', async () => {
      const other = await createApiKey(w, 'Old ERP');
      expect(
        (await w.call('GET', '/api/integration/orders', { headers: { 'x-api-key': other.key } })).status,
      ).toBe(200);
      const revoked = await w.call<ApiKey>(
        'POST',
        `/api/admin/integration/api-keys/${other.apiKey.id}/revoke`,
        { token: w.admin.token },
      );
      expect(revoked.body.revokedAt).not.toBeNull();
      const refused = await w.call<{ error: string }>('GET', '/api/integration/orders', {
        headers: { 'x-api-key': other.key },
      });
      expect([refused.status, refused.body.error]).toEqual([401, 'ERR_API_KEY_REVOKED']);
      const missing = await w.call<{ error: string }>(
        'POST',
        '/api/admin/integration/api-keys/999999/revoke',
        { token: w.admin.token },
      );
      expect([missing.status, missing.body.error]).toEqual([404, 'ERR_API_KEY_NOT_FOUND']);
    });
  });

  describe('integration authentication', () => {
    it('refuses a missing, malformed, wrong or JWT credential on every route; nothing changes', async () => {
      const before = [
        await count('products'),
        await count('integration_batches'),
        await count('customers'),
        await stockOf('KV-001'),
      ];
      const wrong = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
      const routes: [string, string, unknown?][] = [
        ['POST', '/api/integration/products/batch', { batchId: 'x1', items: [{ sku: 'KV-001', stock: 1 }] }],
        [
          'POST',
          '/api/integration/prices/batch',
          { batchId: 'x2', items: [{ sku: 'KV-001', prices: [listPrice(100)] }] },
        ],
        ['POST', '/api/integration/stock/batch', { batchId: 'x3', items: [{ sku: 'KV-001', stock: 1 }] }],
        ['POST', '/api/integration/customers/batch', { batchId: 'x4', items: [{ code: 'A' }] }],
        ['GET', '/api/integration/orders'],
        ['POST', '/api/integration/orders/acknowledge', { orderIds: [1] }],
      ];
      for (const [method, url, body] of routes) {
        const none = await w.call<{ error: string }>(method as never, url, { body });
        expect([none.status, none.body.error], url).toEqual([401, 'ERR_UNAUTHORIZED']);
        for (const headers of <Record<string, string>[]>[
          { 'x-api-key': wrong },
          { 'x-api-key': 'shk_0000000000_' + 'A'.repeat(43) },
          { 'x-api-key': 'nonsense' },
          { authorization: `Bearer ${w.admin.token}` },
          { authorization: `Bearer ${w.tokens.a}` },
        ]) {
          const answer = await w.call<{ error: string }>(method as never, url, { body, headers });
          expect([answer.status, answer.body.error], url).toEqual([401, 'ERR_API_KEY_INVALID']);
        }
      }
      expect([
        await count('products'),
        await count('integration_batches'),
        await count('customers'),
        await stockOf('KV-001'),
      ]).toEqual(before);
      const bearer = await w.call('GET', '/api/integration/orders', {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(bearer.status).toBe(200);
      const used = await db()
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('name', '=', 'SAP')
        .executeTakeFirstOrThrow();
      expect(used.last_used_at).not.toBeNull();
    });
  });

  describe('batches', () => {
    it('products: valid items are applied, invalid ones are reported per item', async () => {
      const answer = await batch('products', {
        batchId: 'p-1',
        items: [
          { sku: 'KV-001', stock: 321, names: { en: 'Coffee from the ERP' } },
          {
            sku: 'ERP-NEW-1',
            names: { hu: 'ERP termék', en: 'ERP product' },
            vat: 27,
            manufacturer: 'gamma',
            categories: ['tea'],
            packSizes: [{ unit: 'piece', pieces: 1, barcode: '5990000300000' }],
            prices: [listPrice(45600)],
          },
          { sku: 'ERP-NEW-2', names: { hu: 'Hiányos' }, prices: [listPrice(100)] },
          {
            sku: 'KV-003',
            packSizes: [
              { unit: 'piece', pieces: 1, barcode: fixtureBarcodes(1).piece },
              { unit: 'carton', pieces: 12, barcode: null },
            ],
          },
          { sku: 'KV-004', categories: ['nincs-ilyen'] },
          { sku: 'KV-005', orderQuantityStep: 7 },
          { sku: 'bad sku' },
          { sku: 'KV-001', stock: 1 },
        ],
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        batchId: 'p-1',
        kind: 'products',
        received: 8,
        applied: 2,
        created: 1,
        failed: 6,
        replayed: false,
      });
      expect(answer.body.errors.map((e) => [e.index, e.sku, e.code])).toEqual([
        [2, 'ERP-NEW-2', 'ERR_VALIDATION'],
        [3, 'KV-003', 'ERR_BARCODE_TAKEN'],
        [4, 'KV-004', 'ERR_CATEGORY_NOT_FOUND'],
        [5, 'KV-005', 'ERR_STEP_NOT_PACK_SIZE'],
        [6, 'bad sku', 'ERR_VALIDATION'],
        [7, 'KV-001', 'ERR_DUPLICATE_ITEM'],
      ]);
      expect(await stockOf('KV-001')).toBe(321);
      expect(await shopPrice('ERP-NEW-1')).toBe(45600);
      expect(
        await db().selectFrom('products').select('id').where('sku', '=', 'ERP-NEW-2').executeTakeFirst(),
      ).toBeUndefined();
      const search = await w.call<ProductListResponse>(
        'GET',
        '/api/products/search?searchType=all&searchString=from%20the%20erp',
        {
          token: w.tokens.b,
          headers: { 'accept-language': 'en' },
        },
      );
      expect(search.body.products.map((p) => p.sku)).toEqual(['KV-001']);
    });

    it('products: a barcode with a wrong check digit is ERR_INVALID_BARCODE and changes nothing', async () => {
      const packs = () =>
        db()
          .selectFrom('pack_sizes as s')
          .innerJoin('products as p', 'p.id', 's.product_id')
          .select(['s.unit', 's.barcode'])
          .where('p.sku', '=', 'KV-006')
          .orderBy('s.unit')
          .execute();
      const before = await packs();
      const answer = await batch('products', {
        batchId: 'p-bad-barcode',
        items: [
          {
            sku: 'ERP-BAD-1',
            names: { hu: 'Rossz vonalkód' },
            vat: 27,
            packSizes: [{ unit: 'piece', pieces: 1, barcode: '5990000500001' }],
            prices: [listPrice(100)],
          },
          { sku: 'KV-006', packSizes: [{ unit: 'piece', pieces: 1, barcode: '96385075' }] },
        ],
      });
      expect(answer.body).toMatchObject({ received: 2, applied: 0, failed: 2 });
      expect(answer.body.errors.map((e) => [e.index, e.sku, e.code])).toEqual([
        [0, 'ERP-BAD-1', 'ERR_INVALID_BARCODE'],
        [1, 'KV-006', 'ERR_INVALID_BARCODE'],
      ]);
      expect(
        await db().selectFrom('products').select('id').where('sku', '=', 'ERP-BAD-1').executeTakeFirst(),
      ).toBeUndefined();
      expect(await packs()).toEqual(before);
    });

    it('the same batch id returns the stored result and changes nothing; other contents → 409', async () => {
      const body = {
        batchId: 'stock-1',
        items: [
          { sku: 'KV-002', stock: 11 },
          { sku: 'NOPE-1', stock: 5 },
        ],
      };
      const first = await batch('stock', body);
      expect(first.body).toMatchObject({ applied: 1, failed: 1, replayed: false });
      expect(first.body.errors).toEqual([
        expect.objectContaining({ index: 1, sku: 'NOPE-1', code: 'ERR_PRODUCT_NOT_FOUND' }),
      ]);
      expect(await stockOf('KV-002')).toBe(11);
      await db().updateTable('products').set({ stock: 99 }).where('sku', '=', 'KV-002').execute();
      const batches = await count('integration_batches');
      const again = await batch('stock', body);
      expect(again.body).toEqual({ ...first.body, replayed: true });
      expect(await stockOf('KV-002')).toBe(99);
      expect(await count('integration_batches')).toBe(batches);
      const conflict = await batch('stock', { batchId: 'stock-1', items: [{ sku: 'KV-002', stock: 12 }] });
      expect([conflict.status, conflict.body.error]).toEqual([409, 'ERR_BATCH_CONFLICT']);
      const otherKind = await batch('products', body);
      expect([otherKind.status, otherKind.body.error]).toEqual([409, 'ERR_BATCH_CONFLICT']);
      expect(await stockOf('KV-002')).toBe(99);
    });

    it('prices: replaces the entries, records price history, the shop shows the price at once', async () => {
      const answer = await batch('prices', {
        batchId: 'prices-1',
        items: [
          {
            sku: 'TE-003',
            prices: [
              listPrice(7777),
              { ...listPrice(7000), quantityDiscount: 12, quantitativeUnit: 'carton' },
            ],
          },
          { sku: 'TE-002', prices: [listPrice(5000, { specialPrice: 6000 })] },
          { sku: 'TE-001', prices: [{ ...listPrice(5000), priceGroup: 'VIP' }] },
        ],
      });
      expect(answer.body).toMatchObject({ applied: 1, failed: 2 });
      expect(answer.body.errors.map((e) => e.code)).toEqual(['ERR_INVALID_PRICE', 'ERR_NO_LIST_PRICE']);
      expect(await shopPrice('TE-003')).toBe(7777);
      const history = await db()
        .selectFrom('price_history as h')
        .innerJoin('products as p', 'p.id', 'h.product_id')
        .select(['h.price', 'h.recorded_on'])
        .where('p.sku', '=', 'TE-003')
        .where('h.quantitative_unit', '=', 'piece')
        .where('h.price_group', 'is', null)
        .orderBy('h.recorded_on', 'desc')
        .executeTakeFirstOrThrow();
      expect(history).toEqual({ price: 7777, recorded_on: '2026-03-15' });
    });

    it('customers: upsert by ERP code with per-item errors', async () => {
      const customer = (code: string, extra: Record<string, unknown> = {}) => ({
        code,
        name: `Vevő ${code} Kft.`,
        email: `${code.toLowerCase()}@example.com`,
        isCompany: true,
        billingCountry: 'Magyarország',
        billingCountryCode: 'HU',
        billingZip: '1111',
        billingCity: 'Budapest',
        billingAptSuite: 'Fő utca 1.',
        ...extra,
      });
      const tax = validTaxNumber(4242);
      const created = await batch('customers', {
        batchId: 'c-1',
        items: [
          customer('C-1', { taxNumber: tax, priceGroup: 'VIP', discountPercent: 2.5 }),
          customer('C-2', { taxNumber: tax }),
          customer('C-3', { taxNumber: '12345678-1-11' }),
          { code: 'C-4' },
        ],
      });
      expect(created.body).toMatchObject({ applied: 1, created: 1, failed: 3 });
      expect(created.body.errors.map((e) => [e.index, e.sku, e.code])).toEqual([
        [1, 'C-2', 'ERR_DUP_TAX_NUM'],
        [2, 'C-3', 'ERR_VALIDATION'],
        [3, 'C-4', 'ERR_VALIDATION'],
      ]);
      const row = await db()
        .selectFrom('customers')
        .selectAll()
        .where('erp_code', '=', 'C-1')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ tax_number: tax, price_group: 'VIP', customer_discount_bp: 250 });
      const updated = await batch('customers', {
        batchId: 'c-2',
        items: [customer('C-1', { taxNumber: tax, name: 'Új Név Kft.' })],
      });
      expect(updated.body).toMatchObject({ applied: 1, created: 0 });
      const after = await db()
        .selectFrom('customers')
        .selectAll()
        .where('erp_code', '=', 'C-1')
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ id: row.id, name: 'Új Név Kft.' });
    });

    it('refuses a malformed batch as a whole with a code', async () => {
      const noId = await batch('stock', { items: [{ sku: 'KV-001', stock: 1 }] });
      expect([noId.status, noId.body.error]).toEqual([400, 'ERR_VALIDATION']);
      const tooMany = await batch('stock', {
        batchId: 'big',
        items: Array.from({ length: 1001 }, () => ({ sku: 'KV-001', stock: 1 })),
      });
      expect([tooMany.status, tooMany.body.error]).toEqual([400, 'ERR_VALIDATION']);
    });
  });

  describe('orders', () => {
    it('reads orders after a cursor and acknowledges them', async () => {
      type Page = {
        orders: { id: number; items: unknown[]; customer: { name: string } }[];
        nextCursor: number;
      };
      const all = await w.call<Page>('GET', '/api/integration/orders?after=0&limit=2', {
        headers: { 'x-api-key': key },
      });
      expect(all.status).toBe(200);
      expect(all.body.orders).toHaveLength(2);
      expect(all.body.orders[0]!.items.length).toBeGreaterThan(0);
      const [firstId, secondId] = all.body.orders.map((o) => o.id) as [number, number];
      expect(secondId).toBeGreaterThan(firstId);
      expect(all.body.nextCursor).toBe(secondId);
      const rest = await w.call<Page>(`GET`, `/api/integration/orders?after=${all.body.nextCursor}`, {
        headers: { 'x-api-key': key },
      });
      expect(rest.body.orders.every((o) => o.id > secondId)).toBe(true);
      const empty = await w.call<Page>('GET', '/api/integration/orders?after=99999999', {
        headers: { 'x-api-key': key },
      });
      expect(empty.body).toEqual({ orders: [], nextCursor: 99999999 });

      const ack = await w.call('POST', '/api/integration/orders/acknowledge', {
        headers: { 'x-api-key': key },
        body: { orderIds: [firstId, 999999] },
      });
      expect(ack.body).toEqual({ acknowledged: [firstId], alreadyAcknowledged: [], unknown: [999999] });
      const twice = await w.call('POST', '/api/integration/orders/acknowledge', {
        headers: { 'x-api-key': key },
        body: { orderIds: [firstId] },
      });
      expect(twice.body).toEqual({ acknowledged: [], alreadyAcknowledged: [firstId], unknown: [] });
      const fresh = await w.call<Page>('GET', '/api/integration/orders?after=0', {
        headers: { 'x-api-key': key },
      });
      expect(fresh.body.orders.map((o) => o.id)).not.toContain(firstId);
      const everything = await w.call<Page>('GET', '/api/integration/orders?after=0&unacknowledged=false', {
        headers: { 'x-api-key': key },
      });
      expect(everything.body.orders.map((o) => o.id)).toContain(firstId);
    });
  });

  it('is documented in the OpenAPI document with examples', async () => {
    const doc = await w.call<{
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown }>>;
    }>('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    for (const path of [
      '/api/integration/products/batch',
      '/api/integration/prices/batch',
      '/api/integration/stock/batch',
      '/api/integration/customers/batch',
      '/api/integration/orders',
      '/api/integration/orders/acknowledge',
      '/api/admin/integration/api-keys',
      '/api/admin/catalogue/import',
    ]) {
      expect(doc.body.paths[path], path).toBeDefined();
    }
    expect(JSON.stringify(doc.body.paths['/api/integration/products/batch']!.post!.requestBody)).toContain(
      'erp-2026-11-21-0001',
    );
    expect(doc.body.paths['/api/integration/orders']!.get!.security).toEqual([{ apiKeyAuth: [] }]);
  });
});
