import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { foldForSearch } from '@shop/shared/rules/search-fold';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-db';
import type { AppContext } from '../app-context';
import { loadConfig } from '../config';
import type { PackUnit } from '../db/schema';
import { createMailer } from '../lib/mailer';
import { verifyPassword } from '../lib/password';
import { buildProductSearchText } from '../modules/products/product-search-text.service';
import { PACK_UNIT_ORDER } from './catalogue-builder';
import { DEMO_ACCOUNTS, QUANTITY_RULE_SKUS, runDemoSeed, seedDemoIfEmpty } from './demo-seed';
import { isValidGs1Barcode } from '@shop/shared/rules/gs1-barcode';
import {
  isValidHuCompanyRegistrationNumber as isValidCompanyRegistrationNumber,
  isValidHuTaxNumber as isValidTaxNumber,
} from '@shop/shared/rules/hu-tax-number';
import { runLargeSeed } from './large-seed';
import { deleteAllRows } from './seed-db';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const DAY = 86_400_000;

describe.each(TEST_DIALECTS)('demo seed on %s', (dialect) => {
  let testDb: TestDatabase;
  let dataDir: string;
  let counts: Record<string, number>;
  let seconds: number;
  const db = () => testDb.handle.db;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-demo-seed-'));
    const started = Date.now();
    counts = await runDemoSeed(db(), { dataDir, now: NOW });
    seconds = (Date.now() - started) / 1000;
  });

  afterAll(async () => {
    await testDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs quickly and reports the row counts per table', async () => {
    expect(seconds).toBeLessThan(30);
    expect(counts.products).toBeGreaterThanOrEqual(320);
    expect(counts.product_details).toBe((counts.products ?? 0) * 4);
    for (const table of [
      'categories',
      'users',
      'customers',
      'orders',
      'order_items',
      'pack_sizes',
      'price_entries',
    ]) {
      expect(counts[table], table).toBeGreaterThan(0);
    }
    const products = await db().selectFrom('products').select('id').execute();
    expect(products).toHaveLength(counts.products ?? -1);
  });

  it('has at least 300 active products with details in 4 languages and an image each', async () => {
    const products = await db().selectFrom('products').selectAll().execute();
    expect(products.filter((p) => p.is_active === 1).length).toBeGreaterThanOrEqual(300);
    expect(products.some((p) => p.is_active === 0)).toBe(true);
    expect(products.some((p) => p.is_orderable === 0)).toBe(true);
    expect(products.some((p) => p.is_seasonal === 1)).toBe(true);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(new Set(products.map((p) => p.vat))).toEqual(new Set([5, 18, 27]));
    const details = await db().selectFrom('product_details').selectAll().execute();
    for (const product of products) {
      const own = details.filter((d) => d.product_id === product.id);
      expect(own.map((d) => d.language).sort(), product.sku).toEqual([...LANGUAGES].sort());
      for (const d of own) {
        expect(d.name.length).toBeGreaterThan(2);
        expect(d.description.length).toBeGreaterThan(20);
      }
      expect(product.weight).toBeGreaterThan(0);
      expect(product.image).toBe(`/images/products/${product.sku}.svg`);
      const file = path.join(dataDir, 'images', 'products', `${product.sku}.svg`);
      expect(existsSync(file), file).toBe(true);
    }
    const svg = readFileSync(path.join(dataDir, 'images', 'products', `${products[0]?.sku}.svg`), 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    // Distinct names in every language.
    for (const language of LANGUAGES) {
      const names = details.filter((d) => d.language === language).map((d) => d.name);
      expect(new Set(names).size, language).toBe(names.length);
    }
  });

  it('has 8+ main categories with 2-5 subcategories, 4 translations each and ascii kebab-case slugs', async () => {
    const categories = await db().selectFrom('categories').selectAll().execute();
    const translations = await db().selectFrom('category_translations').selectAll().execute();
    const mains = categories.filter((c) => c.parent_id === null);
    expect(mains.length).toBeGreaterThanOrEqual(8);
    for (const main of mains) {
      const children = categories.filter((c) => c.parent_id === main.id);
      expect(children.length, main.slug).toBeGreaterThanOrEqual(2);
      expect(children.length, main.slug).toBeLessThanOrEqual(5);
      for (const child of children) expect(child.slug.startsWith(`${main.slug}-`)).toBe(true);
    }
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
    for (const category of categories) {
      expect(category.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const own = translations.filter((t) => t.category_id === category.id);
      expect(own.map((t) => t.language).sort()).toEqual([...LANGUAGES].sort());
      for (const t of own) expect(t.search_name).toBe(foldForSearch(t.name));
    }
    // Every product sits in a subcategory.
    const links = await db().selectFrom('product_categories').selectAll().execute();
    const subIds = new Set(categories.filter((c) => c.parent_id !== null).map((c) => c.id));
    expect(links).toHaveLength(counts.products ?? -1);
    for (const link of links) expect(subIds.has(link.category_id)).toBe(true);
    const manufacturers = await db().selectFrom('manufacturers').selectAll().execute();
    expect(manufacturers.length).toBeGreaterThanOrEqual(25);
  });

  it('gives every pack size a valid, unique EAN-13; the step equals the carton pieces', async () => {
    const packs = await db().selectFrom('pack_sizes').selectAll().execute();
    const products = await db().selectFrom('products').selectAll().execute();
    const details = await db()
      .selectFrom('product_details')
      .select(['product_id', 'language', 'name'])
      .execute();
    const barcodes = packs.map((p) => p.barcode);
    for (const code of barcodes) {
      expect(code).not.toBeNull();
      expect(isValidGs1Barcode(code ?? ''), String(code)).toBe(true);
      expect(code?.startsWith('599')).toBe(true);
    }
    expect(new Set(barcodes).size).toBe(barcodes.length);
    for (const product of products) {
      const own = packs.filter((p) => p.product_id === product.id).sort((a, b) => a.pieces - b.pieces);
      expect(own[0]).toMatchObject({ unit: 'piece', pieces: 1 });
      const carton = own.find((p) => p.unit === 'carton');
      expect(carton, product.sku).toBeDefined();
      expect(product.order_quantity_step).toBe(carton?.pieces);
      expect(carton?.pieces).toBeGreaterThan(1);
      expect(own.at(-1)?.unit).toBe('pallet');
      const units = own.map((p) => p.unit);
      expect(units).toEqual(PACK_UNIT_ORDER.filter((u) => units.includes(u)));
      for (const pack of own) if (pack.unit !== 'piece') expect(pack.pieces % (carton?.pieces ?? 1)).toBe(0);
      // The format the product search reads, as the products module would rebuild it.
      const names = LANGUAGES.map(
        (language) => details.find((d) => d.product_id === product.id && d.language === language)?.name ?? '',
      );
      expect(product.search_text).toBe(
        buildProductSearchText({ names, sku: product.sku, barcodes: own.map((p) => p.barcode) }),
      );
      for (const barcode of own.map((p) => p.barcode)) expect(product.search_text).toContain(barcode);
    }
  });

  it('prices every pack unit, cheaper per piece for bigger units, with special prices of every kind', async () => {
    const products = await db().selectFrom('products').selectAll().execute();
    const packs = await db().selectFrom('pack_sizes').selectAll().execute();
    const entries = await db().selectFrom('price_entries').selectAll().execute();
    const nowIso = NOW.toISOString();
    for (const product of products) {
      const own = entries
        .filter((e) => e.product_id === product.id)
        .sort((a, b) => a.quantity_discount - b.quantity_discount);
      if (product.sku === QUANTITY_RULE_SKUS.noPrices) {
        expect(own).toHaveLength(0);
        continue;
      }
      const ownPacks = packs.filter((p) => p.product_id === product.id).sort((a, b) => a.pieces - b.pieces);
      expect(own.map((e) => [e.quantitative_unit, e.quantity_discount])).toEqual(
        ownPacks.map((p) => [p.unit, p.pieces]),
      );
      for (let i = 1; i < own.length; i += 1) expect(own[i]!.price).toBeLessThan(own[i - 1]!.price);
      for (const entry of own) {
        expect(entry.price_group).toBeNull();
        expect(entry.price).toBeGreaterThan(0);
        if (entry.special_price !== null) expect(entry.special_price).toBeLessThan(entry.price);
      }
      for (const unit of [product.min_order_quantity, product.max_order_quantity]) {
        if (unit)
          expect(
            own.some((e) => e.quantitative_unit === unit),
            `${product.sku} ${unit}`,
          ).toBe(true);
      }
    }
    const specials = entries.filter((e) => e.special_price !== null);
    const running = specials.filter(
      (e) =>
        e.special_price_start !== null &&
        e.special_price_start < nowIso &&
        e.special_price_end !== null &&
        e.special_price_end > nowIso,
    );
    const expired = specials.filter((e) => e.special_price_end !== null && e.special_price_end < nowIso);
    const future = specials.filter((e) => e.special_price_start !== null && e.special_price_start > nowIso);
    const open = specials.filter((e) => e.special_price_start === null && e.special_price_end === null);
    for (const group of [running, expired, future, open]) expect(group.length).toBeGreaterThan(0);
  });

  it('finds Kávé with "kave" and Phở with "pho" in the folded search text', async () => {
    const find = async (query: string) =>
      db()
        .selectFrom('products as p')
        .innerJoin('product_details as d', (j) =>
          j.onRef('d.product_id', '=', 'p.id').on('d.language', '=', 'hu'),
        )
        .select(['p.sku', 'd.name'])
        .where('p.search_text', 'like', `%${query}%`)
        .execute();
    expect((await find('kave')).some((r) => r.name.startsWith('Kávé'))).toBe(true);
    expect((await find('pho')).some((r) => r.name.includes('Phở'))).toBe(true);
    expect((await find('ca phe xay')).length).toBeGreaterThan(0);
  });

  it('sets up the quantity-rule products', async () => {
    const rows = await db()
      .selectFrom('products')
      .selectAll()
      .where('sku', 'in', Object.values(QUANTITY_RULE_SKUS))
      .execute();
    const bySku = new Map(rows.map((r) => [r.sku, r]));
    const entries = await db().selectFrom('price_entries').selectAll().execute();
    const threshold = (sku: string, unit: PackUnit | null) =>
      entries.find((e) => e.product_id === bySku.get(sku)?.id && e.quantitative_unit === unit)
        ?.quantity_discount;
    const get = (sku: string) => {
      const row = bySku.get(sku);
      if (!row) throw new Error(`missing ${sku}`);
      return row;
    };
    const minRaise = get(QUANTITY_RULE_SKUS.minimumRaised);
    expect(threshold(minRaise.sku, minRaise.min_order_quantity)).toBeGreaterThan(1);
    expect(minRaise.stock).toBeGreaterThan(threshold(minRaise.sku, minRaise.min_order_quantity) ?? 0);
    const maxLower = get(QUANTITY_RULE_SKUS.maximumLowered);
    expect(threshold(maxLower.sku, maxLower.max_order_quantity)).toBe(60);
    expect(maxLower.stock).toBeGreaterThan(100);
    const cap = get(QUANTITY_RULE_SKUS.stockCap);
    expect(cap.stock % cap.order_quantity_step).toBe(0);
    const over = get(QUANTITY_RULE_SKUS.minimumAboveStock);
    expect(threshold(over.sku, over.min_order_quantity)).toBeGreaterThan(over.stock);
    expect(get(QUANTITY_RULE_SKUS.stepRoundedUp).order_quantity_step).toBe(6);
    const down = get(QUANTITY_RULE_SKUS.stepRoundedDown);
    expect(down.stock % down.order_quantity_step).not.toBe(0);
    expect(down.stock).toBeGreaterThan(down.order_quantity_step);
    const zero = get(QUANTITY_RULE_SKUS.stepToZero);
    expect(zero.stock).toBeGreaterThan(0);
    expect(zero.stock).toBeLessThan(zero.order_quantity_step);
    expect(get(QUANTITY_RULE_SKUS.notOrderable).is_orderable).toBe(0);
    expect(get(QUANTITY_RULE_SKUS.outOfStock).stock).toBe(0);
  });

  it('creates the demo accounts with the right flags and passwords', async () => {
    const users = await db().selectFrom('users').selectAll().execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = byEmail.get(account.email);
      expect(user, account.email).toBeDefined();
      expect(user?.email).toBe(user?.email.toLowerCase());
      expect(user?.email_verified_at).not.toBeNull();
      expect(await verifyPassword(user?.password_hash ?? '', account.password)).toBe(true);
      expect(await verifyPassword(user?.password_hash ?? '', `${account.password}x`)).toBe(false);
    }
    const customer = byEmail.get(DEMO_ACCOUNTS.customer.email);
    expect(customer).toMatchObject({
      role: 'customer',
      is_active: 1,
      must_change_password: 0,
      is_disabled: 0,
    });
    expect(byEmail.get(DEMO_ACCOUNTS.agent.email)).toMatchObject({
      role: 'agent',
      username: 'agent',
      customer_id: null,
      is_active: 1,
    });
    expect(byEmail.get(DEMO_ACCOUNTS.admin.email)).toMatchObject({ role: 'admin', is_active: 1 });
    expect(byEmail.get(DEMO_ACCOUNTS.pending.email)).toMatchObject({ role: 'customer', is_active: 0 });
    expect(byEmail.get(DEMO_ACCOUNTS.forced.email)).toMatchObject({
      role: 'customer',
      is_active: 1,
      must_change_password: 1,
    });

    const agent = byEmail.get(DEMO_ACCOUNTS.agent.email);
    const customers = await db().selectFrom('customers').selectAll().execute();
    const addresses = await db().selectFrom('shipping_addresses').selectAll().execute();
    const agentCustomers = customers.filter((c) => c.agent_user_id === agent?.id);
    expect(agentCustomers.length).toBeGreaterThanOrEqual(3);
    for (const c of customers) {
      expect(addresses.filter((a) => a.customer_id === c.id).length, c.name).toBeGreaterThanOrEqual(1);
      expect(isValidTaxNumber(c.tax_number ?? ''), c.tax_number ?? '').toBe(true);
      expect(isValidCompanyRegistrationNumber(c.company_registration_number ?? '')).toBe(true);
    }

    const demo = customers.find((c) => c.id === customer?.customer_id);
    expect(demo).toMatchObject({ is_company: 1, agent_user_id: agent?.id, billing_country_code: 'HU' });
    const own = addresses.filter((a) => a.customer_id === demo?.id);
    expect(own).toHaveLength(2);
    expect(new Set(own.map((a) => a.delivery_route_id)).size).toBe(2);
    for (const a of own) {
      expect(a.country_code).toBe('HU');
      expect(a.note).toBeTruthy();
      expect(a.delivery_route_id).not.toBeNull();
    }
    expect(own.map((a) => a.id)).toContain(customer?.current_shipping_address_id);

    const methods = await db()
      .selectFrom('customer_payment_methods as cpm')
      .innerJoin('payment_methods as pm', 'pm.id', 'cpm.payment_method_id')
      .select(['pm.code', 'pm.term_days'])
      .where('cpm.customer_id', '=', demo?.id ?? -1)
      .execute();
    const keys = methods.map((m) => `${m.code}/${m.term_days}`);
    for (const key of ['bank_transfer/8', 'bank_transfer/30', 'cash/0', 'debit_card/0'])
      expect(keys).toContain(key);
  });

  it("keeps the demo customer's order history consistent", async () => {
    const customer = await db()
      .selectFrom('users')
      .select('customer_id')
      .where('email', '=', DEMO_ACCOUNTS.customer.email)
      .executeTakeFirstOrThrow();
    const orders = await db()
      .selectFrom('orders')
      .selectAll()
      .where('customer_id', '=', customer.customer_id ?? -1)
      .execute();
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const items = await db().selectFrom('order_items').selectAll().execute();
    for (const order of orders) {
      const lines = items.filter((i) => i.order_id === order.id);
      expect(lines.length).toBeGreaterThan(0);
      expect(order.items_count).toBe(lines.length);
      expect(order.items_sum_gross).toBe(lines.reduce((s, l) => s + l.line_gross, 0));
      expect(order.items_sum_net).toBe(lines.reduce((s, l) => s + l.line_net, 0));
      expect(order.items_pieces).toBe(lines.reduce((s, l) => s + l.quantity, 0));
      expect(order.items_weight).toBe(lines.reduce((s, l) => s + l.weight * l.quantity, 0));
      for (const line of lines) {
        expect(line.line_gross).toBe(line.unit_price * line.quantity);
        expect(line.line_net).toBe(Math.round((line.line_gross * 100) / (100 + line.vat)));
        expect(line.product_id).not.toBeNull();
      }
      expect(order.status).toBe('completed');
      expect(order.created_at < NOW.toISOString()).toBe(true);
      if (order.shipping_method_code === 'delivery') {
        expect(order.delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(order.shipping_zip).toBeTruthy();
      }
    }
    const all = await db().selectFrom('orders').select(['source_cart_id', 'source_cart_version']).execute();
    expect(new Set(all.map((o) => `${o.source_cart_id}/${o.source_cart_version}`)).size).toBe(all.length);
  });

  it('sets up shipping, payment, routes, holidays, the closed window and settings', async () => {
    const shipping = await db().selectFrom('shipping_methods').selectAll().orderBy('sort_order').execute();
    expect(shipping.map((m) => m.code)).toEqual([
      'delivery',
      'pickup_customer',
      'pickup_employee',
      'invoice_only',
    ]);
    expect(shipping[0]).toMatchObject({ name: 'Kiszállítás', is_home_delivery: 1 });
    expect(shipping.filter((m) => m.is_home_delivery === 1)).toHaveLength(1);

    const payments = await db().selectFrom('payment_methods').selectAll().execute();
    const terms = (code: string) =>
      payments
        .filter((p) => p.code === code)
        .map((p) => p.term_days)
        .sort((a, b) => a - b);
    expect(terms('debit_card')).toEqual([0, 2, 3, 7, 8, 10, 14, 30]);
    expect(terms('deferred_cash')).toEqual([0, 3, 7, 8, 10, 14, 15, 21, 30]);
    expect(terms('cash')).toEqual([0]);
    expect(terms('cash_and_card')).toEqual([0]);
    expect(terms('instant_payment')).toEqual([0]);
    expect(terms('bank_transfer')).toEqual([1, 2, 3, 4, 7, 8, 10, 14, 15, 20, 21, 27, 30, 40]);

    const routes = await db().selectFrom('delivery_routes').selectAll().execute();
    expect(routes.find((r) => r.name === 'Budapest Észak')).toMatchObject({
      weekdays: '1,3,5',
      cutoff_time: '14:00',
      route_time: '08:00-12:00',
    });
    const holidays = await db().selectFrom('holiday_periods').selectAll().execute();
    expect(holidays.length).toBeGreaterThanOrEqual(1);
    const replacement = JSON.parse(holidays[0]?.replacement_dates ?? '[]') as string[];
    expect(replacement.length).toBeGreaterThan(0);
    for (const date of replacement) {
      expect(date >= (holidays[0]?.start_date ?? '') && date <= (holidays[0]?.end_date ?? '')).toBe(true);
    }
    expect(await db().selectFrom('shop_closed_windows').select(['starts_at', 'ends_at']).execute()).toEqual([
      { starts_at: '2024-12-27T16:00', ends_at: '2025-01-02T08:00' },
    ]);
    const settings = await db().selectFrom('settings').select(['key', 'value']).execute();
    const setting = (key: string) => settings.find((s) => s.key === key)?.value;
    expect(setting('shop.forceDisabled')).toBe('false');
    expect(setting('shop.fewStockThreshold')).toBe('20');
    expect(setting('shop.timeZone')).toBe('Europe/Budapest');
  });

  it('records 30 days of price history with changes inside the last 14 days', async () => {
    const history = await db().selectFrom('price_history').selectAll().execute();
    const from = new Date(NOW.getTime() - 29 * DAY).toISOString().slice(0, 10);
    const fourteen = new Date(NOW.getTime() - 14 * DAY).toISOString().slice(0, 10);
    expect(
      history.every((h) => h.recorded_on >= from && h.recorded_on <= NOW.toISOString().slice(0, 10)),
    ).toBe(true);
    const products = new Set(history.map((h) => h.product_id));
    let changedRecently = 0;
    for (const productId of products) {
      const recent = history.filter(
        (h) => h.product_id === productId && h.quantitative_unit === 'piece' && h.recorded_on >= fourteen,
      );
      if (new Set(recent.map((h) => h.price)).size > 1) changedRecently += 1;
    }
    expect(changedRecently).toBeGreaterThanOrEqual(5);
    expect(changedRecently).toBeLessThan(products.size);
  });

  it('publishes a current news item with new products and the content pages', async () => {
    const news = await db().selectFrom('news').selectAll().execute();
    expect(news).toHaveLength(1);
    expect(news[0]?.starts_at && news[0].starts_at < NOW.toISOString()).toBe(true);
    expect(news[0]?.ends_at).toBeNull();
    expect(await db().selectFrom('news_translations').select('language').execute()).toHaveLength(4);
    expect(await db().selectFrom('news_products').select('product_id').execute()).toHaveLength(6);

    const pages = await db().selectFrom('content_pages').selectAll().execute();
    expect(pages.map((p) => p.path).sort()).toEqual([
      'contact',
      'how-to-buy',
      'legal-information',
      'privacy-policy',
    ]);
    const texts = await db().selectFrom('content_page_translations').selectAll().execute();
    expect(texts).toHaveLength(16);
    for (const text of texts) {
      expect(text.title.length).toBeGreaterThan(2);
      const tags = [...text.description.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((m) => m[1]);
      for (const tag of tags) expect(['p', 'h2', 'h3', 'ul', 'li', 'strong', 'a']).toContain(tag);
    }
    const privacy = texts.find(
      (t) => t.page_id === pages.find((p) => p.path === 'privacy-policy')?.id && t.language === 'en',
    );
    expect(privacy?.description).toMatch(/page path, the language/);
  });

  it('refuses to seed twice without reset, and reseeds with reset to the same counts', async () => {
    await expect(runDemoSeed(db(), { dataDir, now: NOW })).rejects.toThrow(/reset/);
    await db().insertInto('page_views').values({ path: '/x', language: 'hu', user_id: null }).execute();
    const again = await runDemoSeed(db(), { dataDir, now: NOW, reset: true });
    expect(again).toEqual(counts);
    const customer = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', DEMO_ACCOUNTS.customer.email)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(customer.password_hash, DEMO_ACCOUNTS.customer.password)).toBe(true);
  });

  it('takes the large seed on top with distinct SKUs and barcodes', async () => {
    const result = await runLargeSeed(db(), { products: 300, dataDir, now: NOW });
    expect(result).toMatchObject({ products: 300, categories: 0, manufacturers: 0 });
    const products = await db().selectFrom('products').select('sku').execute();
    expect(products).toHaveLength((counts.products ?? 0) + 300);
    const barcodes = await db().selectFrom('pack_sizes').select('barcode').execute();
    expect(new Set(barcodes.map((b) => b.barcode)).size).toBe(barcodes.length);
  });
});

describe.each(TEST_DIALECTS)('seedDemoIfEmpty on %s', (dialect) => {
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    dataDir = mkdtempSync(path.join(tmpdir(), 'shop-demo-if-empty-'));
  });

  afterAll(async () => {
    await testDb?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const context = (
    demoData: 'auto' | 'true' | 'false',
    nodeEnv: 'development' | 'production' | 'test',
  ): AppContext => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO_DATA: demoData,
      NODE_ENV: nodeEnv,
      JWT_SECRET: 'x'.repeat(40),
    });
    return {
      config,
      database: testDb.handle,
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'shop@example.com',
        outboxDir: path.join(dataDir, 'outbox'),
      }),
      now: () => NOW,
    };
  };
  const productCount = async () =>
    (await testDb.handle.db.selectFrom('products').select('id').execute()).length;

  it('seeds only when allowed and only into an empty catalogue', async () => {
    expect(await seedDemoIfEmpty(context('false', 'development'))).toBeNull();
    expect(await seedDemoIfEmpty(context('auto', 'production'))).toBeNull();
    expect(await productCount()).toBe(0);

    const counts = await seedDemoIfEmpty(context('auto', 'development'));
    expect(counts?.products).toBeGreaterThanOrEqual(320);
    expect(await productCount()).toBe(counts?.products);

    expect(await seedDemoIfEmpty(context('true', 'production'))).toBeNull();
    expect(await seedDemoIfEmpty(context('auto', 'test'))).toBeNull();
    expect(await productCount()).toBe(counts?.products);
  });

  it('leaves a catalogue without products but with accounts alone, and seeds an empty one with DEMO_DATA=true in production', async () => {
    await testDb.handle.db.deleteFrom('products').execute();
    expect(await seedDemoIfEmpty(context('true', 'production'))).toBeNull();
    expect(await productCount()).toBe(0);

    await deleteAllRows(testDb.handle.db);
    const counts = await seedDemoIfEmpty(context('true', 'production'));
    expect(counts?.products).toBeGreaterThanOrEqual(320);
    expect(await productCount()).toBe(counts?.products);
  });
});
