import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '@shop/shared/contracts/admin-integration';
import type { BackInStockList } from '@shop/shared/contracts/back-in-stock';
import { adminCallers, callAs, type AdminCallers } from '../../../test/admin-fixtures';
import { startTestApp, stopTestApp, type TestApp } from '../../../test/test-app';
import { TEST_DIALECTS } from '../../../test/test-db';
import { startTestSmtp, type TestSmtp } from '../../../test/test-smtp';
import { insertBuyer, insertProduct, type BuyerFixture } from '../cart/checkout-fixtures';

describe.each(TEST_DIALECTS)('back-in-stock alerts on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let callers: AdminCallers;
  let apiKey: string;
  let hu: BuyerFixture;
  let zh: BuyerFixture;
  const db = () => t.testDb.handle.db;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await startTestApp(dialect, { mailer: smtp.mailer });
    callers = await adminCallers(t.ctx, t.testDb.handle);
    hu = await insertBuyer(t.ctx, { language: 'hu', name: 'Magyar Vevő Kft.' });
    zh = await insertBuyer(t.ctx, { language: 'zh', name: '中文买家' });
    const created = await callAs(t.app, callers.admin, {
      method: 'POST',
      url: '/api/admin/integration/api-keys',
      payload: { name: 'ERP' },
    });
    apiKey = (created.json() as ApiKeyCreated).key;
  }, 60_000);
  afterAll(async () => {
    await stopTestApp(t?.app, t?.testDb);
    await smtp?.close();
  });

  const ask = (token: string, productSku: string) =>
    callAs(t.app, token, { method: 'POST', url: '/api/back-in-stock', payload: { productSku } });
  const list = async (token: string, language = 'hu') => {
    const res = await callAs(t.app, token, {
      method: 'GET',
      url: '/api/back-in-stock',
      headers: { 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as BackInStockList).requests;
  };
  const waiting = async (sku: string) => {
    const res = await callAs(t.app, callers.staff, {
      method: 'GET',
      url: `/api/admin/products/${sku}/back-in-stock`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { waiting: number }).waiting;
  };
  const requestRows = (productId: number) =>
    db().selectFrom('back_in_stock_requests').selectAll().where('product_id', '=', productId).execute();
  const stockBatch = (batchId: string, items: { sku: string; stock: number }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/integration/stock/batch',
      headers: { 'x-api-key': apiKey },
      payload: { batchId, items },
    });

  it('takes a request only for an out-of-stock product, once per user, lists and cancels it', async () => {
    await insertProduct(t.testDb.handle, { sku: 'BIS-IN', stock: 5 });
    const out = await insertProduct(t.testDb.handle, {
      sku: 'BIS-OUT',
      stock: 0,
      name: 'Kávé',
      nameEn: 'Coffee',
    });
    const inStock = await ask(hu.token, 'BIS-IN');
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toEqual({ error: 'ERR_PRODUCT_IN_STOCK' });
    const unknown = await ask(hu.token, 'NOPE-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'ERR_PRODUCT_NOT_FOUND' });

    const first = await ask(hu.token, 'BIS-OUT');
    expect(first.statusCode, first.body).toBe(201);
    const twice = await ask(hu.token, 'BIS-OUT');
    expect(twice.statusCode).toBe(201);
    expect((twice.json() as BackInStockList).requests.map((r) => r.productSku)).toEqual(['BIS-OUT']);
    expect(await requestRows(out.id)).toHaveLength(1);
    expect((await list(hu.token, 'en')).map((r) => [r.productSku, r.productName])).toEqual([
      ['BIS-OUT', 'Coffee'],
    ]);
    expect(await list(zh.token)).toEqual([]);
    expect(await waiting('BIS-OUT')).toBe(1);

    const cancel = await callAs(t.app, hu.token, { method: 'DELETE', url: '/api/back-in-stock/BIS-OUT' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((cancel.json() as BackInStockList).requests).toEqual([]);
    const again = await callAs(t.app, hu.token, { method: 'DELETE', url: '/api/back-in-stock/BIS-OUT' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'ERR_BACK_IN_STOCK_NOT_FOUND' });
    expect(await waiting('BIS-OUT')).toBe(0);
  });

  it('mails each waiting user once in their language when an integration stock batch brings the product back', async () => {
    const product = await insertProduct(t.testDb.handle, {
      sku: 'BIS-ERP',
      stock: 0,
      name: 'Tea 100 g',
      nameEn: 'Tea 100 g EN',
    });
    await db()
      .insertInto('product_details')
      .values({ product_id: product.id, language: 'zh', name: '红茶 100 克', description: '' })
      .execute();
    expect((await ask(hu.token, 'BIS-ERP')).statusCode).toBe(201);
    expect((await ask(zh.token, 'BIS-ERP')).statusCode).toBe(201);
    expect(await waiting('BIS-ERP')).toBe(2);

    // Still zero: nobody is told.
    expect((await stockBatch('bis-0', [{ sku: 'BIS-ERP', stock: 0 }])).statusCode).toBe(200);
    expect(await requestRows(product.id)).toHaveLength(2);

    const res = await stockBatch('bis-1', [{ sku: 'BIS-ERP', stock: 40 }]);
    expect(res.statusCode, res.body).toBe(200);
    const huMail = await smtp.waitFor(
      (m) => m.to.includes(hu.userEmail) && m.subject.includes('BIS-ERP'),
      10_000,
    );
    const zhMail = await smtp.waitFor(
      (m) => m.to.includes(zh.userEmail) && m.subject.includes('BIS-ERP'),
      10_000,
    );
    expect(huMail.subject).toBe('Újra kapható: Tea 100 g (BIS-ERP)');
    expect(huMail.text).toContain('Cikkszám: BIS-ERP');
    expect(huMail.text).toContain('http://shop.test/?product=BIS-ERP');
    expect(zhMail.subject).toBe('已到货：红茶 100 克 (BIS-ERP)');
    expect(zhMail.text).toContain('货号: BIS-ERP');
    expect(zhMail.html).toContain('href="http://shop.test/?product=BIS-ERP"');
    expect(await requestRows(product.id)).toEqual([]);
    expect(await waiting('BIS-ERP')).toBe(0);

    // Down to zero and up again: the closed requests send nothing more.
    await stockBatch('bis-2', [{ sku: 'BIS-ERP', stock: 0 }]);
    await stockBatch('bis-3', [{ sku: 'BIS-ERP', stock: 10 }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.subject.includes('BIS-ERP'))).toHaveLength(2);
  }, 30_000);

  it('sends one mail when two stock writes race to bring the product back', async () => {
    const product = await insertProduct(t.testDb.handle, { sku: 'BIS-RACE', stock: 0 });
    expect((await ask(hu.token, 'BIS-RACE')).statusCode).toBe(201);
    const answers = await Promise.all([
      stockBatch('race-a', [{ sku: 'BIS-RACE', stock: 7 }]),
      stockBatch('race-b', [{ sku: 'BIS-RACE', stock: 9 }]),
      stockBatch('race-c', [{ sku: 'BIS-RACE', stock: 11 }]),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await smtp.waitFor((m) => m.subject.includes('BIS-RACE'), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((m) => m.subject.includes('BIS-RACE'))).toHaveLength(1);
    const outbox = await db().selectFrom('outbox').select('topic').execute();
    expect(outbox.filter((o) => o.topic.includes('BIS-RACE'))).toHaveLength(1);
    expect(await requestRows(product.id)).toEqual([]);
  }, 30_000);

  it('is fulfilled by the back-office product form too', async () => {
    const product = await insertProduct(t.testDb.handle, { sku: 'BIS-FORM', stock: 0 });
    expect((await ask(zh.token, 'BIS-FORM')).statusCode).toBe(201);
    const current = await callAs(t.app, callers.staff, {
      method: 'GET',
      url: `/api/admin/catalogue/products/${product.id}`,
    });
    expect(current.statusCode, current.body).toBe(200);
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = current.json() as Record<string, unknown>;
    const saved = await callAs(t.app, callers.staff, {
      method: 'PUT',
      url: `/api/admin/catalogue/products/${product.id}`,
      payload: { ...input, stock: 3 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(zh.userEmail) && m.subject.includes('BIS-FORM'),
      10_000,
    );
    expect(mail.subject.startsWith('已到货')).toBe(true);
    expect(await requestRows(product.id)).toEqual([]);
  }, 30_000);
});
