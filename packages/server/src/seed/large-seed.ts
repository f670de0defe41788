import { PostgresAdapter, sql } from 'kysely';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bumpCatalogueVersion } from '../modules/products/catalogue-version';
import {
  catalogueItems,
  ensureCatalogueStructure,
  itemSpecFields,
  insertProductSpecs,
  makePacks,
  shopPriceFt,
  type LineItem,
  type ProductSpec,
} from './catalogue-builder';
import { ORDER_STATUSES } from '@shop/shared/rules/order-status';
import { hashPassword } from '../lib/password';
import { CATALOGUE } from './catalogue-data';
import { companyCustomerRow } from './company-customer-row';
import { productSvg } from './product-image';
import { insertRows, insertRowsReturning } from './seed-db';
import { SeedRandom } from './seed-random';

/**
 * A large generated catalogue for benchmarks. Products have the shape of the demo products
 * (names and descriptions in 4 languages, pack sizes with unique EAN-13 barcodes, price entries,
 * a category and a manufacturer, search_text) and SKUs BM0000001, BM0000002, ... continuing
 * after the highest existing BM SKU, so the seed can run on an empty database, on the demo data,
 * or again on its own output. Names combine every catalogue line with series words, so they stay
 * distinct. Pictures come from a small pool (one per main category and package shape).
 */

export interface LargeSeedOptions {
  products: number;
  dataDir: string;
  now?: Date;
}

const SKU_PREFIX = 'BM';
const BARCODE_RANGE = 2;
const PRODUCTS_PER_TRANSACTION = 2_000;
const DAY_MS = 86_400_000;

const SERIES = [
  'Classic',
  'Gold',
  'Premium',
  'Family',
  'Bio',
  'Extra',
  'Original',
  'Select',
  'Royal',
  'Star',
  'Fresh',
  'Natura',
  'Delux',
  'Smart',
  'Duo',
  'Max',
  'Mini',
  'Golden',
  'Silver',
  'Lotus',
  'Jade',
  'Dragon',
  'Phoenix',
  'Sakura',
  'Mekong',
  'Tisza',
  'Duna',
  'Mátra',
  'Balaton',
  'Hegyvidék',
  'Alföld',
  'Kert',
  'Napos',
  'Harmat',
  'Tavasz',
  'Nyár',
  'Ősz',
  'Tél',
  'Hajnal',
  'Csillag',
];
const EDITIONS = [
  '',
  'Plus',
  'Pro',
  'Home',
  'Gastro',
  'Eco',
  'Light',
  'Active',
  'Kids',
  'Party',
  'Chef',
  'Vital',
];

function imagePool(dataDir: string): Map<string, string> {
  const dir = path.join(dataDir, 'images', 'products', 'bench');
  mkdirSync(dir, { recursive: true });
  const pool = new Map<string, string>();
  for (const main of CATALOGUE) {
    const shapes = new Set(
      main.subs.flatMap((s) =>
        s.lines.flatMap((l) => [l.shape, ...l.sizes.flatMap((z) => (z.shape ? [z.shape] : []))]),
      ),
    );
    for (const shape of shapes) {
      const file = `${main.slug}-${shape}.svg`;
      writeFileSync(
        path.join(dir, file),
        productSvg({ name: main.names.hu, size: 'Nagyker', brand: '', color: main.color, shape }),
      );
      pool.set(`${main.slug}/${shape}`, `/images/products/bench/${file}`);
    }
  }
  return pool;
}

function largeProduct(
  number: number,
  items: readonly LineItem[],
  images: Map<string, string>,
  now: Date,
): ProductSpec {
  const index = number - 1;
  const item = items[index % items.length] as LineItem;
  const round = Math.floor(index / items.length);
  const series = SERIES[round % SERIES.length] as string;
  const edition = EDITIONS[Math.floor(round / SERIES.length) % EDITIONS.length] as string;
  const cycle = Math.floor(round / (SERIES.length * EDITIONS.length));
  const prefix = `${item.brand} ${series}${edition ? ` ${edition}` : ''}${cycle > 0 ? ` ${cycle + 1}` : ''} `;
  const rng = new SeedRandom(Math.imul(number, 2_654_435_761));
  const carton = item.size.carton;
  const fields = itemSpecFields(item, prefix);
  const sku = `${SKU_PREFIX}${String(number).padStart(7, '0')}`;
  const roll = rng.next();
  const special = rng.chance(0.06)
    ? {
        percentOff: rng.int(8, 25),
        start: new Date(now.getTime() - rng.int(1, 20) * DAY_MS).toISOString(),
        end: rng.chance(0.2) ? null : new Date(now.getTime() + rng.int(3, 40) * DAY_MS).toISOString(),
      }
    : null;
  return {
    sku,
    barcodeRange: BARCODE_RANGE,
    barcodeNumber: number,
    ...fields,
    stock: roll < 0.03 ? 0 : roll < 0.06 ? rng.int(1, carton - 1) : rng.int(10, 400) * carton,
    isActive: rng.chance(0.02) ? 0 : 1,
    isOrderable: rng.chance(0.01) ? 0 : 1,
    min: rng.chance(0.05) ? 'carton' : null,
    max: rng.chance(0.02) ? 'pallet' : null,
    packs: makePacks(carton, fields.weight, rng),
    piecePrice: shopPriceFt(item.size.price * (item.variant.factor ?? 1) * (0.85 + rng.next() * 0.3)) * 100,
    special,
    image: images.get(`${item.main.slug}/${fields.shape}`) ?? null,
    createdAt: new Date(now.getTime() - rng.int(1, 1000) * DAY_MS).toISOString(),
  };
}

/**
 * After a bulk load: fresh planner statistics (ANALYZE), and on PostgreSQL also VACUUM, which sets the
 * visibility map so that counts and id pages are index-only scans (issue 18 point 5: the back office's
 * `total` of 200,000 orders read every heap page otherwise). In production autovacuum does the same
 * after large inserts; a benchmark measuring right after the load would otherwise see the worst case.
 */
async function analyzeAfterLoad(db: Kysely<Database>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`VACUUM ANALYZE`.execute(db);
  else {
    await sql`ANALYZE`.execute(db);
    // Averages only, no value samples (db/connection.ts, dropStat4Samples).
    await sql`DELETE FROM sqlite_stat4`.execute(db);
    await sql`ANALYZE sqlite_schema`.execute(db);
  }
}

/** The tables a large seed fills (their secondary indexes are rebuilt after a bulk load). */
const CATALOGUE_TABLES = ['products', 'product_details', 'pack_sizes', 'product_categories', 'price_entries'];

/**
 * PostgreSQL, before a bulk load that at least doubles the catalogue: drops the secondary indexes of
 * these tables (not the primary keys and unique constraints, which the load's own checks need) and
 * answers the function that builds them again from their saved definitions (`pg_get_indexdef`), with
 * more memory for the sort. Building an index once over all rows is much cheaper than keeping it up to
 * date row by row, above all the trigram GIN indexes of search (issue 18 point 1: 1,000,000 products
 * within 10 minutes; PostgreSQL's manual, "Populating a Database"). While the load runs, searches of a
 * shop on the same database are slow; the large seed is for benchmark databases. SQLite keeps its
 * indexes: its seed meets its target as it is.
 */
async function dropSecondaryIndexes(
  db: Kysely<Database>,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return async () => {};
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT ci.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_class ci ON ci.oid = i.indexrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relname IN (${sql.join(tables)})
      AND NOT i.indisprimary AND NOT i.indisunique
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ORDER BY ci.relname`.execute(db);
  for (const { name } of rows) await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  return async () => {
    await db.connection().execute(async (connection) => {
      await sql`SET maintenance_work_mem = '256MB'`.execute(connection);
      try {
        for (const { definition } of rows) await sql.raw(definition).execute(connection);
      } finally {
        await sql`RESET maintenance_work_mem`.execute(connection);
      }
    });
  };
}

export async function runLargeSeed(
  db: Kysely<Database>,
  options: LargeSeedOptions,
): Promise<Record<string, number>> {
  if (!Number.isInteger(options.products) || options.products < 1)
    throw new Error('products must be a positive whole number');
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const categoriesBefore = await db.selectFrom('categories').select('id').execute();
  const manufacturersBefore = await db.selectFrom('manufacturers').select('id').execute();
  const ids = await db.transaction().execute((trx) => ensureCatalogueStructure(trx));

  const last = await db
    .selectFrom('products')
    .select('sku')
    .where('sku', 'like', `${SKU_PREFIX}%`)
    .orderBy('sku', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lastNumber =
    last && /^\d{7}$/.test(last.sku.slice(SKU_PREFIX.length)) ? Number(last.sku.slice(SKU_PREFIX.length)) : 0;
  if (lastNumber + options.products > 9_999_999)
    throw new Error('the large seed supports at most 9,999,999 products');

  const images = imagePool(options.dataDir);
  const items = catalogueItems();
  const counts: Record<string, number> = {
    categories: ids.categoryIds.size - categoriesBefore.length,
    manufacturers: ids.manufacturerIds.size - manufacturersBefore.length,
    products: 0,
    product_details: 0,
    product_categories: 0,
    pack_sizes: 0,
    price_entries: 0,
    images: images.size,
  };
  const existing = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const restoreIndexes =
    options.products >= Number(existing.n)
      ? await dropSecondaryIndexes(db, CATALOGUE_TABLES)
      : async () => {};
  try {
    for (let offset = 0; offset < options.products; offset += PRODUCTS_PER_TRANSACTION) {
      const size = Math.min(PRODUCTS_PER_TRANSACTION, options.products - offset);
      const specs = Array.from({ length: size }, (_, i) =>
        largeProduct(lastNumber + offset + i + 1, items, images, now),
      );
      const inserted = await db.transaction().execute((trx) => insertProductSpecs(trx, specs, ids, nowIso));
      for (const [table, n] of Object.entries(inserted.counts)) counts[table] = (counts[table] ?? 0) + n;
    }
  } finally {
    await restoreIndexes();
  }
  await bumpCatalogueVersion(db, now);
  // Fresh planner statistics after a bulk load (both SQLite and PostgreSQL understand ANALYZE);
  // without them PostgreSQL plans the catalogue queries as if the tables were empty.
  await analyzeAfterLoad(db);
  return counts;
}

/* ------------------------------------------------------------ customers and orders (issue 18 point 5) */

export interface LargeAccountsOptions {
  /** Customer companies to add, each with one customer user who can log in. */
  customers: number;
  /** Orders to add, spread over every customer with a user and over the whole catalogue. */
  orders: number;
  now?: Date;
}

const ORDERS_PER_TRANSACTION = 1_000;
const CUSTOMERS_PER_TRANSACTION = 1_000;
const BENCH_EMAIL_PREFIX = 'bench-customer-';
/** The password of every generated customer user (benchmarks only; hashed once). */
export const LARGE_SEED_CUSTOMER_PASSWORD = 'bench-customer-123';
const CITIES = [
  ['1051', 'Budapest'],
  ['4024', 'Debrecen'],
  ['6720', 'Szeged'],
  ['7621', 'Pécs'],
  ['9021', 'Győr'],
  ['3525', 'Miskolc'],
  ['8000', 'Székesfehérvár'],
  ['2000', 'Szentendre'],
] as const;
const COMPANY_WORDS = ['Ázsia', 'Keleti', 'Lótusz', 'Sárkány', 'Bambusz', 'Jade', 'Mekong', 'Tisza', 'Duna'];
const COMPANY_KINDS = ['Kft.', 'Bt.', 'Zrt.', 'Büfé Kft.', 'Étterem Kft.', 'Bolt Bt.'];

/** The next free number for generated customer e-mails (bench-customer-N@example.com). */
async function nextCustomerNumber(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('email', 'like', `${BENCH_EMAIL_PREFIX}%`)
    .execute();
  return rows.reduce((max, row) => {
    const n = Number(/^bench-customer-(\d+)@/.exec(row.email)?.[1] ?? 0);
    return Math.max(max, n);
  }, 0);
}

async function insertLargeCustomers(
  db: Kysely<Database>,
  count: number,
  passwordHash: string,
  nowIso: string,
): Promise<number> {
  const start = await nextCustomerNumber(db);
  for (let offset = 0; offset < count; offset += CUSTOMERS_PER_TRANSACTION) {
    const size = Math.min(CUSTOMERS_PER_TRANSACTION, count - offset);
    await db.transaction().execute(async (trx) => {
      const specs = Array.from({ length: size }, (_, i) => {
        const n = start + offset + i + 1;
        const rng = new SeedRandom(Math.imul(n, 40_503));
        const [zip, city] = CITIES[n % CITIES.length] as readonly [string, string];
        const name = `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_WORDS)} ${n} ${rng.pick(COMPANY_KINDS)}`;
        return { n, name, zip, city, email: `${BENCH_EMAIL_PREFIX}${n}@example.com` };
      });
      const customerIds = await insertRowsReturning(
        trx,
        'customers',
        specs.map((s) =>
          companyCustomerRow({
            name: s.name,
            email: s.email,
            phone: `+36 30 ${String(1_000_000 + (s.n % 9_000_000)).slice(0, 7)}`,
            registration: null,
            // Unique 7-digit bases 5000001…, apart from the demo customers' bases.
            taxBase: String(5_000_000 + s.n),
            county: '41',
            billing: { zip: s.zip, city: s.city, apt: `Fő utca ${(s.n % 120) + 1}.` },
            agentUserId: null,
            discountBp: 0,
            createdAt: nowIso,
            updatedAt: nowIso,
          }),
        ),
        'email',
      );
      await insertRows(
        trx,
        'users',
        specs.map((s) => ({
          email: s.email,
          username: null,
          password_hash: passwordHash,
          role: 'customer' as const,
          name: `Vevő ${s.n}`,
          phone: null,
          customer_id: customerIds.get(s.email) ?? null,
          email_verified_at: nowIso,
          approved_at: nowIso,
          created_at: nowIso,
          updated_at: nowIso,
        })),
      );
    });
  }
  return count;
}

interface OrderProduct {
  id: number;
  sku: string;
  name: string;
  vat: number;
  weight: number;
  step: number;
  price: number;
}

/** The products of these ids with their Hungarian name and lowest list price (missing ids are left out). */
async function orderProducts(db: Kysely<Database>, ids: readonly number[]): Promise<OrderProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_details as d', (join) =>
      join.onRef('d.product_id', '=', 'p.id').on('d.language', '=', 'hu'),
    )
    .select(['p.id', 'p.sku', 'p.vat', 'p.weight', 'p.order_quantity_step as step', 'd.name'])
    .select((eb) =>
      eb
        .selectFrom('price_entries as e')
        .select((e) => e.fn.min('e.price').as('price'))
        .whereRef('e.product_id', '=', 'p.id')
        .where('e.price_group', 'is', null)
        .as('price'),
    )
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    vat: row.vat,
    weight: row.weight,
    step: Math.max(1, row.step),
    price: Number(row.price ?? 0),
  }));
}

async function insertLargeOrders(
  db: Kysely<Database>,
  count: number,
  now: Date,
): Promise<Record<string, number>> {
  const buyers = await db
    .selectFrom('customers as c')
    .innerJoin('users as u', 'u.customer_id', 'c.id')
    .select([
      'c.id as customerId',
      'u.id as userId',
      'c.name',
      'c.email',
      'c.tax_number',
      'c.billing_zip',
      'c.billing_city',
      'c.billing_apt_suite',
      'c.agent_user_id',
    ])
    .where('u.role', '=', 'customer')
    .orderBy('c.id')
    .execute();
  // One buyer per customer (the first user), so every customer orders about as often.
  const byCustomer = [...new Map(buyers.map((b) => [b.customerId, b])).values()];
  if (byCustomer.length === 0) throw new Error('orders need customers: add --customers or run seed first');
  const range = await db
    .selectFrom('products')
    .select((eb) => [eb.fn.min('id').as('low'), eb.fn.max('id').as('high')])
    .executeTakeFirstOrThrow();
  const low = Number(range.low ?? 0);
  const high = Number(range.high ?? 0);
  if (high < 1) throw new Error('orders need products: run seed-large with --products first');
  const lowest = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min('source_cart_id').as('n'))
    .executeTakeFirst();
  // Negative source cart ids never collide with real carts (ids from 1) nor with the demo's orders.
  let cartId = Math.min(0, Number(lowest?.n ?? 0)) - 1;
  const shipping = [
    ['pickup', 'Személyes átvétel'],
    ['delivery', 'Kiszállítás'],
  ] as const;
  const counts = { orders: 0, order_items: 0, order_status_history: 0 };
  for (let offset = 0; offset < count; offset += ORDERS_PER_TRANSACTION) {
    const size = Math.min(ORDERS_PER_TRANSACTION, count - offset);
    const rng = new SeedRandom(Math.imul(offset + 1, 2_246_822_519) ^ cartId);
    const plans = Array.from({ length: size }, () => ({
      buyer: rng.pick(byCustomer),
      productIds: Array.from({ length: rng.int(1, 6) }, () => rng.int(low, high)),
      // Spread over the last two years, newest last in insertion order does not matter to the list.
      createdAt: new Date(now.getTime() - rng.int(0, 730 * 24 * 60) * 60_000).toISOString(),
      status: ORDER_STATUSES[rng.int(0, ORDER_STATUSES.length - 1)] as string,
      ship: rng.pick(shipping),
    }));
    const products = await orderProducts(
      db,
      plans.flatMap((p) => p.productIds),
    );
    const byId = new Map(products.map((p) => [p.id, p]));
    const fallback = products[0];
    if (!fallback) throw new Error('no products found for the orders');
    await db.transaction().execute(async (trx) => {
      const orders = plans.map((plan) => {
        const found = plan.productIds.flatMap((id) => {
          const p = byId.get(id);
          return p ? [p] : [];
        });
        const lines = (found.length > 0 ? found : [fallback]).map((p) => {
          const quantity = p.step * rng.int(1, 4);
          const lineGross = p.price * quantity;
          return {
            product_id: p.id,
            sku: p.sku,
            name: p.name,
            quantity,
            unit_price: p.price,
            vat: p.vat,
            weight: p.weight,
            line_gross: lineGross,
            line_net: Math.round((lineGross * 100) / (100 + p.vat)),
          };
        });
        cartId -= 1;
        const b = plan.buyer;
        return {
          lines,
          row: {
            customer_id: b.customerId,
            user_id: b.userId,
            agent_user_id: b.agent_user_id,
            source_cart_id: cartId,
            source_cart_version: 1,
            status: plan.status,
            language: 'hu',
            shipping_method_code: plan.ship[0],
            shipping_method_name: plan.ship[1],
            payment_method_code: 'transfer',
            payment_method_name: 'Átutalás',
            payment_term_days: 8,
            delivery_date: null,
            comment_webshop: '',
            comment_supplier: '',
            customer_name: b.name,
            customer_email: b.email,
            customer_tax_number: b.tax_number,
            customer_company_registration_number: null,
            billing_country: 'Magyarország',
            billing_country_code: 'HU',
            billing_zip: b.billing_zip,
            billing_city: b.billing_city,
            billing_apt_suite: b.billing_apt_suite,
            shipping_address_id: null,
            shipping_country: null,
            shipping_country_code: null,
            shipping_zip: null,
            shipping_city: null,
            shipping_apt_suite: null,
            items_sum_gross: lines.reduce((sum, l) => sum + l.line_gross, 0),
            items_sum_net: lines.reduce((sum, l) => sum + l.line_net, 0),
            items_count: lines.length,
            items_pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
            items_weight: lines.reduce((sum, l) => sum + l.weight * l.quantity, 0),
            logistics_cost: 0,
            shipping_cost: 0,
            erp_acknowledged_at: null,
            created_at: plan.createdAt,
            updated_at: plan.createdAt,
          },
        };
      });
      const idByCart = new Map<number, number>();
      const rowsPerStatement = 300;
      for (let i = 0; i < orders.length; i += rowsPerStatement) {
        const inserted = await trx
          .insertInto('orders')
          .values(orders.slice(i, i + rowsPerStatement).map((o) => o.row))
          .returning(['id', 'source_cart_id'])
          .execute();
        for (const row of inserted) idByCart.set(row.source_cart_id, row.id);
      }
      const items = orders.flatMap((o) =>
        o.lines.map((l) => ({ ...l, order_id: idByCart.get(o.row.source_cart_id) as number })),
      );
      await insertRows(trx, 'order_items', items);
      await insertRows(
        trx,
        'order_status_history',
        orders.map((o) => ({
          order_id: idByCart.get(o.row.source_cart_id) as number,
          status: o.row.status,
          changed_by_user_id: o.row.user_id,
          created_at: o.row.created_at,
        })),
      );
      counts.orders += orders.length;
      counts.order_items += items.length;
      counts.order_status_history += orders.length;
    });
  }
  return counts;
}

/**
 * Adds generated customers (each a company with one customer user, e-mail bench-customer-N@example.com,
 * password LARGE_SEED_CUSTOMER_PASSWORD) and orders with 1 to 6 lines from random products of the whole
 * catalogue, random statuses, over the last two years: the data the back office's lists are measured on.
 */
export async function runLargeAccountsSeed(
  db: Kysely<Database>,
  options: LargeAccountsOptions,
): Promise<Record<string, number>> {
  for (const key of ['customers', 'orders'] as const) {
    if (!Number.isInteger(options[key]) || options[key] < 0)
      throw new Error(`${key} must be a whole number, 0 or more`);
  }
  const now = options.now ?? new Date();
  const counts: Record<string, number> = { customers: 0, orders: 0, order_items: 0, order_status_history: 0 };
  if (options.customers > 0) {
    const passwordHash = await hashPassword(LARGE_SEED_CUSTOMER_PASSWORD);
    counts.customers = await insertLargeCustomers(db, options.customers, passwordHash, now.toISOString());
  }
  if (options.orders > 0) Object.assign(counts, await insertLargeOrders(db, options.orders, now));
  await analyzeAfterLoad(db);
  return counts;
}
