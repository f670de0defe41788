import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shop/shared/contracts/products';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { TEST_DIALECTS } from '../../../test/test-db';
import { getJson } from '../products/catalogue-test-setup';
import { useCatalogueWorld } from '../products/catalogue-world.fixture';
import { FIXTURE_PRODUCTS } from '../products/catalogue.fixture';
import { XLSX_TYPE } from './downloads.routes';
import { priceList, type PriceListRow } from './downloads.service';

async function download(app: FastifyInstance, options: { token?: string; language?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers['accept-language'] = options.language;
  return app.inject({ method: 'GET', url: '/api/downloads/price-list.xlsx', headers });
}

/** Reads the file back with exceljs: the header row and the rows by SKU. */
async function readPriceList(
  data: Buffer,
): Promise<{ sheetName: string; header: string[]; rows: Map<string, PriceListRow> }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows = new Map<string, PriceListRow>();
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const v = (row.values as unknown[]).slice(1);
    const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
    rows.set(String(v[0]), {
      sku: String(v[0]),
      name: String(v[1]),
      manufacturer: text(v[2]) ?? '',
      unit: String(v[3]),
      pieces: Number(v[4]),
      gross: Number(v[5]),
      net: Number(v[6]),
      vat: Number(v[7]),
      special: v[8] === undefined || v[8] === null ? null : Number(v[8]),
      specialFrom: text(v[9]),
      specialTo: text(v[10]),
      quantityPrices: text(v[11]) ?? '',
    });
  });
  return { sheetName: sheet.name, header, rows };
}

describe.each(TEST_DIALECTS)('price list download on %s', (dialect) => {
  const w = useCatalogueWorld(dialect);

  const listing = async (token: string, language = 'hu') =>
    (await getJson<ProductListResponse>(w.app, '/api/products/all?productsPerPage=100', { token, language }))
      .body.products;

  it('needs a login', async () => {
    const response = await download(w.app);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'ERR_UNAUTHORIZED' });
  });

  it('is an XLSX attachment named for the day', async () => {
    const response = await download(w.app, { token: w.tokens.b });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="arlista-2026-03-15.xlsx"; filename*=UTF-8''arlista-2026-03-15.xlsx`,
    );
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('has every orderable active product with the listing’s price for the customer (VIP group, 5 % discount)', async () => {
    const { rows, header, sheetName } = await readPriceList(
      (await download(w.app, { token: w.tokens.a })).rawPayload,
    );
    expect(sheetName).toBe('Árlista');
    expect(header).toEqual([
      'Cikkszám',
      'Megnevezés',
      'Gyártó',
      'Rendelési egység',
      'Darab / egység',
      'Bruttó ár / db',
      'Nettó ár / db',
      'Áfa %',
      'Akciós ár / db (bruttó)',
      'Akció kezdete',
      'Akció vége',
      'Mennyiségi árak (bruttó / db)',
    ]);
    const products = await listing(w.tokens.a);
    const orderable = products.filter((p) => p.isOrderable && p.currentPrice !== null);
    expect(orderable.length).toBeGreaterThan(0);
    expect([...rows.keys()]).toEqual(orderable.map((p) => p.sku).sort());
    for (const product of orderable) {
      const row = rows.get(product.sku);
      expect(Math.round((row?.gross ?? 0) * 100)).toBe(product.currentPrice);
      expect(Math.round((row?.net ?? 0) * 100)).toBe(
        netFromGrossMinor(product.currentPrice ?? 0, product.vat),
      );
      expect(row?.vat).toBe(product.vat);
      expect(row?.name).toBe(product.productDetails[0]?.name);
    }
    // Inactive (X-OLD), not orderable (HZ-002) and price-less products are not in it.
    const inactive = FIXTURE_PRODUCTS.filter((p) => p.active === false || p.orderable === false).map(
      (p) => p.sku,
    );
    for (const sku of inactive) expect(rows.has(sku)).toBe(false);
  });

  it('shows the special price with its validity and the quantity prices', async () => {
    const { rows } = await readPriceList((await download(w.app, { token: w.tokens.b })).rawPayload);
    const coffee = rows.get('KV-002');
    expect(coffee).toMatchObject({
      name: 'Kávé őrölt 250 g',
      manufacturer: 'Alfa Kft.',
      unit: 'karton',
      pieces: 12,
      special: 99,
      specialFrom: '2026.03.01',
      specialTo: '2026.04.01',
    });
    const listed = (await listing(w.tokens.b)).find((p) => p.sku === 'KV-002');
    expect(Math.round((coffee?.gross ?? 0) * 100)).toBe(listed?.currentPrice);
    const plain = rows.get('KV-001');
    expect(plain).toMatchObject({
      unit: 'darab',
      pieces: 1,
      special: null,
      specialFrom: null,
      specialTo: null,
    });
    expect(plain?.quantityPrices).toMatch(/^12 db-tól: /);
  });

  it('is written in the request language', async () => {
    const { rows, sheetName, header } = await readPriceList(
      (await download(w.app, { token: w.tokens.b, language: 'en' })).rawPayload,
    );
    expect(sheetName).toBe('Price list');
    expect(header[1]).toBe('Name');
    expect(rows.get('KV-002')?.name).toBe('Ground coffee 250 g');
    expect(rows.get('KV-002')?.unit).toBe('carton');
  });

  it('reads the catalogue in batches without losing or repeating a product', async () => {
    const whole = await readPriceList((await download(w.app, { token: w.tokens.b })).rawPayload);
    const file = await priceList(
      w.ctx,
      {
        userId: w.users.b,
        customerId: w.customers.b,
        isAgent: false,
        role: 'customer',
        mustChangePassword: false,
        tokenVersion: 0,
      },
      'hu',
      { batchSize: 4 },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const batched = await readPriceList(Buffer.concat(chunks));
    expect([...batched.rows.keys()]).toEqual([...whole.rows.keys()]);
    expect([...batched.rows.values()]).toEqual([...whole.rows.values()]);
  });

  it('an agent gets its current address’s customer’s prices; without a current address 409', async () => {
    const agent = await readPriceList((await download(w.app, { token: w.tokens.agent })).rawPayload);
    const customerB = await readPriceList((await download(w.app, { token: w.tokens.b })).rawPayload);
    expect([...agent.rows.values()].map((r) => r.gross)).toEqual(
      [...customerB.rows.values()].map((r) => r.gross),
    );
    const none = await download(w.app, { token: w.tokens.agent3 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: 'ERR_NO_CURRENT_SHIPPING' });
  });
});
