import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import { sanitizeContentHtml } from '../lib/html-sanitizer';
import { saveContentPage } from '../modules/content/content.service';
import { bumpCatalogueVersion } from '../modules/products/catalogue-version';
import {
  ensureCatalogueStructure,
  insertProductSpecs,
  priceRows,
  type ProductSpec,
} from './catalogue-builder';
import { CONTENT_PAGES, NEWS_TEXTS } from './demo-content';
import { buildDemoProducts, isoDaysFrom, type DemoProductPlan } from './demo-products';
import { productSvg } from './product-image';
import { countAllRows, countRows, deleteAllRows, insertRows } from './seed-db';
import {
  hashDemoPasswords,
  insertCustomerUsers,
  insertStaffUsers,
  type DemoPasswordHashes,
} from './demo-accounts';
import {
  insertCustomerPaymentMethods,
  insertCustomers,
  insertShippingAddresses,
  paymentMethodFinder,
  type CustomerKey,
} from './demo-customers';
import { insertOrderHistory } from './demo-orders';
import { insertShopSetup } from './demo-shop-setup';

/**
 * The demo data seed: a Hungarian wholesaler's catalogue (see catalogue-data.ts), customers,
 * users, orders, delivery routes, payment and shipping methods, news and content pages.
 *
 * Demo accounts (all e-mail addresses verified):
 * - customer@example.com / customer123  approved company customer, agent's customer, 2 addresses, order history
 * - agent@example.com (username agent) / agent123  sales agent with five customers
 * - admin@example.com / admin123        administrator
 * - staff@example.com / staff123        back-office staff (no settings, staff accounts, integration or audit log)
 * - pending@example.com / pending123    customer waiting for approval (is_active 0)
 * - approver@example.com / approver123  approver of the demo customer's company
 * - buyer@example.com / buyer123        buyer of the demo company: 50,000 Ft per order, 300,000 Ft a month, the shop address only
 * - forced@example.com / forced123      approved customer who must change the password first
 *
 * Quantity-correction products (docs/product.md §5), see RULE_PRODUCTS in catalogue-data.ts:
 * QC-MIN-RAISE, QC-MAX-LOWER, QC-STOCK-CAP, QC-MIN-OVER-STOCK, QC-STEP-UP, QC-STEP-DOWN,
 * QC-STEP-ZERO, QC-NO-PRICE, QC-NOT-ORDERABLE, QC-OUT-OF-STOCK.
 */

export { DEMO_ACCOUNTS } from './demo-accounts';

/** SKU of the product that exercises each branch of the quantity correction. */
export const QUANTITY_RULE_SKUS = {
  minimumRaised: 'QC-MIN-RAISE',
  maximumLowered: 'QC-MAX-LOWER',
  stockCap: 'QC-STOCK-CAP',
  minimumAboveStock: 'QC-MIN-OVER-STOCK',
  stepRoundedUp: 'QC-STEP-UP',
  stepRoundedDown: 'QC-STEP-DOWN',
  stepToZero: 'QC-STEP-ZERO',
  noPrices: 'QC-NO-PRICE',
  notOrderable: 'QC-NOT-ORDERABLE',
  outOfStock: 'QC-OUT-OF-STOCK',
} as const;

export interface DemoSeedOptions {
  dataDir: string;
  reset?: boolean;
  now?: Date;
}

/** Writes one SVG picture per demo product into `${dataDir}/images/products`. */
export function writeDemoImages(dataDir: string, products: readonly ProductSpec[]): number {
  const dir = path.join(dataDir, 'images', 'products');
  mkdirSync(dir, { recursive: true });
  for (const product of products) {
    writeFileSync(
      path.join(dir, `${product.sku}.svg`),
      productSvg({ ...product.label, color: product.color, shape: product.shape }),
    );
  }
  return products.length;
}

const dateOnly = (iso: string): string => iso.slice(0, 10);

export async function runDemoSeed(
  db: Kysely<Database>,
  options: DemoSeedOptions,
): Promise<Record<string, number>> {
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const plan = buildDemoProducts(now);
  const passwordHashes = await hashDemoPasswords();

  await db.transaction().execute(async (trx) => {
    if (options.reset) {
      await deleteAllRows(trx);
    } else if ((await countRows(trx, 'products')) > 0 || (await countRows(trx, 'users')) > 0) {
      throw new Error(
        'The database already holds products or users; run the demo seed with reset to replace them.',
      );
    }
    const ids = await ensureCatalogueStructure(trx);
    const { idsBySku } = await insertProductSpecs(trx, plan.products, ids, nowIso);
    await insertPriceHistory(trx, plan, idsBySku, now);
    await insertShopSetup(trx, now);
    await insertPeople(trx, plan, idsBySku, passwordHashes, now);
    await insertNews(trx, plan, idsBySku, now);
    await insertContentPages(trx, now);
    await bumpCatalogueVersion(trx, now);
  });

  writeDemoImages(options.dataDir, plan.products);
  return countAllRows(db);
}

/**
 * Seeds the demo data at start when DEMO_DATA allows it ('true', or 'auto' outside production)
 * and the catalogue is empty. A database without products but with user accounts is left alone
 * (seeding would clash with the accounts), so the start never fails because of the seed.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<Record<string, number> | null> {
  const mode = ctx.config.demoData;
  const wanted = mode === 'true' || (mode === 'auto' && ctx.config.nodeEnv !== 'production');
  if (!wanted) return null;
  const db = ctx.database.db;
  if ((await countRows(db, 'products')) > 0 || (await countRows(db, 'users')) > 0) return null;
  return runDemoSeed(db, { dataDir: ctx.config.dataDir, now: ctx.now() });
}

// ---------------------------------------------------------------------------------------------

async function insertPriceHistory(
  db: Kysely<Database>,
  plan: DemoProductPlan,
  idsBySku: Map<string, number>,
  now: Date,
): Promise<void> {
  const bySku = new Map(plan.products.map((p) => [p.sku, p]));
  const rows: Insertable<Database['price_history']>[] = [];
  for (const change of plan.priceChanges) {
    const product = bySku.get(change.sku);
    const productId = idsBySku.get(change.sku);
    if (!product || productId === undefined) continue;
    for (const entry of priceRows(product)) {
      const oldPrice = Math.max(100, Math.round((entry.price * change.oldFactor) / 100) * 100);
      // One row per day for the last 30 days: the old price until the change, then the current one.
      for (let daysAgo = 29; daysAgo >= 0; daysAgo -= 1) {
        rows.push({
          product_id: productId,
          price_group: null,
          quantitative_unit: entry.unit,
          price: daysAgo >= change.daysAgo ? oldPrice : entry.price,
          recorded_on: dateOnly(isoDaysFrom(now, -daysAgo)),
        });
      }
    }
  }
  await insertRows(db, 'price_history', rows);
}

/** Staff, customers with their addresses and payment methods, customer users and their orders. */
async function insertPeople(
  db: Kysely<Database>,
  plan: DemoProductPlan,
  idsBySku: Map<string, number>,
  hashes: DemoPasswordHashes,
  now: Date,
): Promise<void> {
  const longAgo = isoDaysFrom(now, -400);
  const agentId = await insertStaffUsers(db, hashes, now);
  const customerId = await insertCustomers(db, agentId, longAgo, now.toISOString());
  const addressIds = await insertShippingAddresses(db, customerId, longAgo);
  const firstAddress = (key: CustomerKey) => addressIds.get(key)?.[0] ?? null;
  const customerUserId = await insertCustomerUsers(db, hashes, customerId, firstAddress, now);
  const methodOf = await paymentMethodFinder(db);
  await insertCustomerPaymentMethods(db, customerId, methodOf);
  await insertOrderHistory(
    db,
    { plan, idsBySku, agentId, customerUserId, customerId, addressIds, methodOf },
    now,
  );
}

async function insertNews(
  db: Kysely<Database>,
  plan: DemoProductPlan,
  idsBySku: Map<string, number>,
  now: Date,
): Promise<void> {
  const news = await db
    .insertInto('news')
    .values({
      starts_at: isoDaysFrom(now, -3),
      ends_at: null,
      is_active: 1,
      created_at: isoDaysFrom(now, -3),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertRows(
    db,
    'news_translations',
    LANGUAGES.map((language) => ({
      news_id: news.id,
      language,
      title: NEWS_TEXTS[language].title,
      description: sanitizeContentHtml(NEWS_TEXTS[language].description),
    })),
  );
  await insertRows(
    db,
    'news_products',
    plan.newsSkus.map((sku, i) => {
      const productId = idsBySku.get(sku);
      if (productId === undefined) throw new Error(`news product ${sku} missing`);
      return { news_id: news.id, product_id: productId, sort_order: (i + 1) * 10 };
    }),
  );
}

/** Content pages are saved through the content service, which sanitises their HTML. */
async function insertContentPages(db: Kysely<Database>, now: Date): Promise<void> {
  for (const page of CONTENT_PAGES) {
    await saveContentPage(db, { path: page.path, sortOrder: page.sortOrder, translations: page.texts }, now);
  }
}
