import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import type { AppContext } from '../app-context';
import type { Database } from '../db/schema';
import { sanitizeContentHtml } from '../lib/html-sanitizer';
import { hashPassword } from '../lib/password';
import { saveContentPage } from '../modules/content/content.service';
import { bumpCatalogueVersion } from '../modules/products/catalogue-version';
import {
  ensureCatalogueStructure,
  insertProductSpecs,
  priceRows,
  type ProductSpec,
} from './catalogue-builder';
import { RULE_PRODUCTS } from './catalogue-data';
import { CONTENT_PAGES, NEWS_TEXTS } from './demo-content';
import { buildDemoProducts, isoDaysFrom, type DemoProductPlan } from './demo-products';
import { makeTaxNumber } from './hu-tax-number';
import { productSvg } from './product-image';
import { countAllRows, countRows, deleteAllRows, insertRows, insertRowsReturning } from './seed-db';
import { SeedRandom } from './seed-random';

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
 * - forced@example.com / forced123      approved customer who must change the password first
 *
 * Quantity-correction products (docs/product.md §5), see RULE_PRODUCTS in catalogue-data.ts:
 * QC-MIN-RAISE, QC-MAX-LOWER, QC-STOCK-CAP, QC-MIN-OVER-STOCK, QC-STEP-UP, QC-STEP-DOWN,
 * QC-STEP-ZERO, QC-NO-PRICE, QC-NOT-ORDERABLE, QC-OUT-OF-STOCK.
 */

export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@example.com', password: 'customer123' },
  agent: { email: 'agent@example.com', username: 'agent', password: 'agent123' },
  admin: { email: 'admin@example.com', password: 'admin123' },
  staff: { email: 'staff@example.com', password: 'staff123' },
  pending: { email: 'pending@example.com', password: 'pending123' },
  forced: { email: 'forced@example.com', password: 'forced123' },
} as const;

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

const SHIPPING_METHODS = [
  { code: 'delivery', name: 'Kiszállítás', is_home_delivery: 1 as const },
  { code: 'pickup_customer', name: 'Személyes átvétel (vevő szállítja)', is_home_delivery: 0 as const },
  { code: 'pickup_employee', name: 'Személyes átvétel (munkatárs szállítja)', is_home_delivery: 0 as const },
  { code: 'invoice_only', name: 'Csak számla', is_home_delivery: 0 as const },
];

const PAYMENT_METHODS: Array<{ code: string; terms: number[]; name: (days: number) => string }> = [
  {
    code: 'debit_card',
    terms: [0, 2, 3, 7, 8, 10, 14, 30],
    name: (d) => (d === 0 ? 'Bankkártya' : `Bankkártya (${d} nap)`),
  },
  {
    code: 'deferred_cash',
    terms: [0, 3, 7, 8, 10, 14, 15, 21, 30],
    name: (d) => (d === 0 ? 'Halasztott készpénz (azonnali)' : `Halasztott készpénz (${d} nap)`),
  },
  { code: 'cash', terms: [0], name: () => 'Készpénz' },
  { code: 'cash_and_card', terms: [0], name: () => 'Készpénz és bankkártya' },
  { code: 'instant_payment', terms: [0], name: () => 'Azonnali átutalás' },
  {
    code: 'bank_transfer',
    terms: [1, 2, 3, 4, 7, 8, 10, 14, 15, 20, 21, 27, 30, 40],
    name: (d) => `Banki átutalás (${d} nap)`,
  },
];

const DELIVERY_ROUTES = [
  { name: 'Budapest Észak', weekdays: '1,3,5', cutoff_time: '14:00', route_time: '08:00-12:00' },
  { name: 'Budapest Dél', weekdays: '2,4', cutoff_time: '14:00', route_time: '12:00-16:00' },
  { name: 'Pest megye', weekdays: '1,4', cutoff_time: '12:00', route_time: '09:00-15:00' },
  { name: 'Vidék', weekdays: '3', cutoff_time: '10:00', route_time: '08:00-18:00' },
];

type RouteName = (typeof DELIVERY_ROUTES)[number]['name'];

interface AddressDef {
  zip: string;
  city: string;
  apt: string;
  route: RouteName;
  logisticsCost: number;
  note: string | null;
}

interface CustomerDef {
  key: 'demo' | 'hoasen' | 'aranysarkany' | 'napsugar' | 'pending' | 'forced';
  name: string;
  email: string;
  phone: string;
  registration: string;
  taxBase: string;
  county: string;
  billing: { zip: string; city: string; apt: string };
  withAgent: boolean;
  discountBp: number;
  addresses: AddressDef[];
  payments: Array<[code: string, days: number]>;
}

const CUSTOMERS: CustomerDef[] = [
  {
    key: 'demo',
    name: 'Lotus Ázsia Market Kft.',
    email: 'customer@example.com',
    phone: '+36 30 555 1234',
    registration: '01-09-345678',
    taxBase: '1357924',
    county: '42',
    billing: { zip: '1087', city: 'Budapest', apt: 'Kerepesi út 29/B.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '1134',
        city: 'Budapest',
        apt: 'Váci út 45. (Lotus Market üzlet)',
        route: 'Budapest Észak',
        logisticsCost: 0,
        note: 'Áruátvétel a hátsó rakodónál, 6:00 és 10:00 között.',
      },
      {
        zip: '2310',
        city: 'Szigetszentmiklós',
        apt: 'Gyári út 9. (raktár)',
        route: 'Pest megye',
        logisticsCost: 150_000,
        note: 'Érkezés előtt hívják a raktárvezetőt: +36 30 555 4321.',
      },
    ],
    payments: [
      ['bank_transfer', 8],
      ['bank_transfer', 30],
      ['cash', 0],
      ['debit_card', 0],
      ['instant_payment', 0],
    ],
  },
  {
    key: 'hoasen',
    name: 'Hoa Sen Élelmiszer Kft.',
    email: 'hoasen@example.com',
    phone: '+36 20 555 2345',
    registration: '01-09-456789',
    taxBase: '2468135',
    county: '42',
    billing: { zip: '1106', city: 'Budapest', apt: 'Jászberényi út 55.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '1106',
        city: 'Budapest',
        apt: 'Jászberényi út 55.',
        route: 'Budapest Dél',
        logisticsCost: 0,
        note: 'Kapucsengő: Hoa Sen.',
      },
    ],
    payments: [
      ['cash', 0],
      ['cash_and_card', 0],
      ['deferred_cash', 7],
      ['bank_transfer', 15],
    ],
  },
  {
    key: 'aranysarkany',
    name: 'Aranysárkány Kereskedelmi Bt.',
    email: 'aranysarkany@example.com',
    phone: '+36 70 555 3456',
    registration: '13-06-567890',
    taxBase: '3692581',
    county: '13',
    billing: { zip: '2030', city: 'Érd', apt: 'Budafoki út 12.' },
    withAgent: true,
    discountBp: 250,
    addresses: [
      {
        zip: '2030',
        city: 'Érd',
        apt: 'Budafoki út 12.',
        route: 'Pest megye',
        logisticsCost: 150_000,
        note: null,
      },
      {
        zip: '2040',
        city: 'Budaörs',
        apt: 'Szabadság út 140. (piaci üzlet)',
        route: 'Pest megye',
        logisticsCost: 150_000,
        note: 'Csak délelőtt.',
      },
    ],
    payments: [
      ['bank_transfer', 8],
      ['debit_card', 0],
    ],
  },
  {
    key: 'napsugar',
    name: 'Napsugár ABC Kft.',
    email: 'napsugar@example.com',
    phone: '+36 76 555 456',
    registration: '03-09-678901',
    taxBase: '4815162',
    county: '03',
    billing: { zip: '6000', city: 'Kecskemét', apt: 'Kossuth tér 3.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '6000',
        city: 'Kecskemét',
        apt: 'Kossuth tér 3.',
        route: 'Vidék',
        logisticsCost: 350_000,
        note: null,
      },
    ],
    payments: [
      ['bank_transfer', 14],
      ['bank_transfer', 30],
      ['deferred_cash', 8],
    ],
  },
  {
    key: 'pending',
    name: 'Friss Pont Kft.',
    email: 'pending@example.com',
    phone: '+36 30 555 5678',
    registration: '01-09-789012',
    taxBase: '5927384',
    county: '43',
    billing: { zip: '1097', city: 'Budapest', apt: 'Könyves Kálmán körút 12.' },
    withAgent: false,
    discountBp: 0,
    addresses: [
      {
        zip: '1097',
        city: 'Budapest',
        apt: 'Könyves Kálmán körút 12.',
        route: 'Budapest Dél',
        logisticsCost: 0,
        note: null,
      },
    ],
    payments: [
      ['cash', 0],
      ['debit_card', 0],
    ],
  },
  {
    key: 'forced',
    name: 'Kelet Ázsia Bolt Kft.',
    email: 'forced@example.com',
    phone: '+36 20 555 6789',
    registration: '01-09-890123',
    taxBase: '6039475',
    county: '41',
    billing: { zip: '1044', city: 'Budapest', apt: 'Megyeri út 51.' },
    withAgent: true,
    discountBp: 0,
    addresses: [
      {
        zip: '1044',
        city: 'Budapest',
        apt: 'Megyeri út 51.',
        route: 'Budapest Észak',
        logisticsCost: 0,
        note: null,
      },
    ],
    payments: [
      ['cash', 0],
      ['bank_transfer', 8],
    ],
  },
];

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
  const passwordHashes = Object.fromEntries(
    await Promise.all(
      Object.entries(DEMO_ACCOUNTS).map(
        async ([key, account]) => [key, await hashPassword(account.password)] as const,
      ),
    ),
  ) as Record<keyof typeof DEMO_ACCOUNTS, string>;

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

async function insertShopSetup(db: Kysely<Database>, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await insertRows(
    db,
    'shipping_methods',
    SHIPPING_METHODS.map((m, i) => ({ ...m, cost: 0, is_active: 1, sort_order: (i + 1) * 10 })),
  );
  let sort = 0;
  await insertRows(
    db,
    'payment_methods',
    PAYMENT_METHODS.flatMap((method) =>
      method.terms.map((days) => {
        sort += 10;
        return {
          code: method.code,
          name: method.name(days),
          term_days: days,
          is_active: 1 as const,
          sort_order: sort,
        };
      }),
    ),
  );
  await insertRows(db, 'delivery_routes', DELIVERY_ROUTES);

  // The coming (or current) Christmas season: no regular routes, deliveries on replacement days.
  const year =
    now.getUTCMonth() === 0 && now.getUTCDate() <= 6 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  await insertRows(db, 'holiday_periods', [
    {
      name: 'Karácsony és újév',
      start_date: `${year}-12-21`,
      end_date: `${year + 1}-01-04`,
      replacement_dates: JSON.stringify([
        `${year}-12-22`,
        `${year}-12-23`,
        `${year}-12-29`,
        `${year}-12-30`,
        `${year + 1}-01-02`,
      ]),
      hides_route_times: 1,
    },
  ]);
  await insertRows(db, 'shop_closed_windows', [
    { starts_at: '2024-12-27T16:00', ends_at: '2025-01-02T08:00', note: 'Év végi zárás és leltár' },
  ]);
  await insertRows(db, 'settings', [
    { key: 'shop.forceDisabled', value: 'false', updated_at: nowIso },
    { key: 'shop.fewStockThreshold', value: '20', updated_at: nowIso },
    { key: 'shop.timeZone', value: 'Europe/Budapest', updated_at: nowIso },
  ]);
}

interface OrderPlan {
  customer: CustomerDef['key'];
  daysAgo: number;
  shipping: string;
  payment: [code: string, days: number];
  addressIndex: number;
  lines: number;
  byAgent: boolean;
  comment: string;
}

const ORDERS: OrderPlan[] = [
  {
    customer: 'demo',
    daysAgo: 52,
    shipping: 'delivery',
    payment: ['bank_transfer', 30],
    addressIndex: 0,
    lines: 6,
    byAgent: false,
    comment: '',
  },
  {
    customer: 'demo',
    daysAgo: 31,
    shipping: 'pickup_customer',
    payment: ['cash', 0],
    addressIndex: 0,
    lines: 4,
    byAgent: false,
    comment: 'Délután 3 körül jövünk érte.',
  },
  {
    customer: 'demo',
    daysAgo: 17,
    shipping: 'delivery',
    payment: ['bank_transfer', 8],
    addressIndex: 1,
    lines: 7,
    byAgent: true,
    comment: '',
  },
  {
    customer: 'demo',
    daysAgo: 5,
    shipping: 'delivery',
    payment: ['debit_card', 0],
    addressIndex: 0,
    lines: 5,
    byAgent: false,
    comment: 'Kérjük, a rizst raklapon hozzák.',
  },
  {
    customer: 'hoasen',
    daysAgo: 12,
    shipping: 'delivery',
    payment: ['bank_transfer', 15],
    addressIndex: 0,
    lines: 5,
    byAgent: true,
    comment: '',
  },
  {
    customer: 'aranysarkany',
    daysAgo: 8,
    shipping: 'pickup_employee',
    payment: ['bank_transfer', 8],
    addressIndex: 0,
    lines: 4,
    byAgent: true,
    comment: '',
  },
];

async function insertPeople(
  db: Kysely<Database>,
  plan: DemoProductPlan,
  idsBySku: Map<string, number>,
  hashes: Record<keyof typeof DEMO_ACCOUNTS, string>,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const longAgo = isoDaysFrom(now, -400);
  const baseUser = {
    phone: null,
    language: 'hu',
    is_disabled: 0 as const,
    email_verified_at: longAgo,
    email_verification_code_hash: null,
    email_verification_expires_at: null,
    reset_password_code_hash: null,
    reset_password_expires_at: null,
    token_version: 0,
    failed_login_count: 0,
    failed_login_window_start: null,
    locked_until: null,
    current_shipping_address_id: null,
    rejected_at: null,
    rejection_reason: null,
    created_at: longAgo,
    updated_at: nowIso,
  };

  const staff = await insertRowsReturning(
    db,
    'users',
    [
      {
        ...baseUser,
        email: DEMO_ACCOUNTS.agent.email,
        username: DEMO_ACCOUNTS.agent.username,
        password_hash: hashes.agent,
        role: 'agent' as const,
        name: 'Szabó Gábor',
        phone: '+36 30 555 0199',
        customer_id: null,
        is_active: 1 as const,
        must_change_password: 0 as const,
        approved_at: longAgo,
      },
      {
        ...baseUser,
        email: DEMO_ACCOUNTS.admin.email,
        username: 'admin',
        password_hash: hashes.admin,
        role: 'admin' as const,
        name: 'Rendszergazda',
        customer_id: null,
        is_active: 1 as const,
        must_change_password: 0 as const,
        approved_at: longAgo,
      },
      {
        ...baseUser,
        email: DEMO_ACCOUNTS.staff.email,
        username: null,
        password_hash: hashes.staff,
        role: 'staff' as const,
        name: 'Kiss Júlia',
        customer_id: null,
        is_active: 1 as const,
        must_change_password: 0 as const,
        approved_at: longAgo,
      },
    ],
    'email',
  );
  const agentId = staff.get(DEMO_ACCOUNTS.agent.email);
  if (agentId === undefined) throw new Error('agent user was not inserted');

  const customerIds = await insertRowsReturning(
    db,
    'customers',
    CUSTOMERS.map((c) => ({
      name: c.name,
      email: c.email,
      phone: c.phone,
      is_company: 1 as const,
      company_registration_number: c.registration,
      tax_number: makeTaxNumber(c.taxBase, 2, c.county),
      billing_country: 'Magyarország',
      billing_country_code: 'HU',
      billing_zip: c.billing.zip,
      billing_city: c.billing.city,
      billing_apt_suite: c.billing.apt,
      agent_user_id: c.withAgent ? agentId : null,
      price_group: null,
      customer_discount_bp: c.discountBp,
      created_at: longAgo,
      updated_at: nowIso,
    })),
    'email',
  );
  const customerId = (key: CustomerDef['key']): number => {
    const def = CUSTOMERS.find((c) => c.key === key);
    const id = def ? customerIds.get(def.email) : undefined;
    if (id === undefined) throw new Error(`customer ${key} was not inserted`);
    return id;
  };

  const routes = await db.selectFrom('delivery_routes').select(['id', 'name']).execute();
  const routeId = new Map(routes.map((r) => [r.name, r.id]));
  // Addresses one by one so that each id is known (a handful of rows).
  const addressIds = new Map<string, number[]>();
  for (const c of CUSTOMERS) {
    const list: number[] = [];
    for (const a of c.addresses) {
      const row = await db
        .insertInto('shipping_addresses')
        .values({
          customer_id: customerId(c.key),
          zip: a.zip,
          city: a.city,
          apt_suite: a.apt,
          country: 'Magyarország',
          country_code: 'HU',
          logistics_cost: a.logisticsCost,
          note: a.note,
          delivery_route_id: routeId.get(a.route) ?? null,
          is_active: 1,
          created_at: longAgo,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      list.push(row.id);
    }
    addressIds.set(c.key, list);
  }

  const firstAddress = (key: CustomerDef['key']) => addressIds.get(key)?.[0] ?? null;
  const customerUsers = await insertRowsReturning(
    db,
    'users',
    [
      {
        ...baseUser,
        email: DEMO_ACCOUNTS.customer.email,
        username: null,
        password_hash: hashes.customer,
        role: 'customer' as const,
        name: 'Nguyễn Thị Lan',
        phone: '+36 30 555 1234',
        customer_id: customerId('demo'),
        is_active: 1 as const,
        must_change_password: 0 as const,
        current_shipping_address_id: firstAddress('demo'),
        approved_at: longAgo,
      },
      {
        ...baseUser,
        email: DEMO_ACCOUNTS.pending.email,
        username: null,
        password_hash: hashes.pending,
        role: 'customer' as const,
        name: 'Tóth Eszter',
        phone: '+36 30 555 5678',
        customer_id: customerId('pending'),
        is_active: 0 as const,
        must_change_password: 0 as const,
        current_shipping_address_id: firstAddress('pending'),
        email_verified_at: isoDaysFrom(now, -1),
        created_at: isoDaysFrom(now, -1),
        approved_at: null,
      },
      {
        ...baseUser,
        email: DEMO_ACCOUNTS.forced.email,
        username: null,
        password_hash: hashes.forced,
        role: 'customer' as const,
        name: 'Wang Wei',
        phone: '+36 20 555 6789',
        language: 'zh',
        customer_id: customerId('forced'),
        is_active: 1 as const,
        must_change_password: 1 as const,
        current_shipping_address_id: firstAddress('forced'),
        approved_at: isoDaysFrom(now, -3),
      },
    ],
    'email',
  );
  const customerUserId = customerUsers.get(DEMO_ACCOUNTS.customer.email);
  if (customerUserId === undefined) throw new Error('customer user was not inserted');

  const methods = await db
    .selectFrom('payment_methods')
    .select(['id', 'code', 'term_days', 'name'])
    .execute();
  const methodOf = (code: string, days: number) => {
    const method = methods.find((m) => m.code === code && m.term_days === days);
    if (!method) throw new Error(`no payment method ${code}/${days}`);
    return method;
  };
  await insertRows(
    db,
    'customer_payment_methods',
    CUSTOMERS.flatMap((c) =>
      c.payments.map(([code, days]) => ({
        customer_id: customerId(c.key),
        payment_method_id: methodOf(code, days).id,
      })),
    ),
  );

  // Order history: lines from active, orderable products with prices, whole cartons.
  const rng = new SeedRandom(7_031_999);
  const ruleSkus = new Set(RULE_PRODUCTS.map((r) => r.sku));
  const orderable = plan.products.filter(
    (p) =>
      p.isActive === 1 && p.isOrderable === 1 && p.piecePrice !== null && p.stock > 0 && !ruleSkus.has(p.sku),
  );
  const shippingNames = new Map(SHIPPING_METHODS.map((m) => [m.code, m.name]));
  const userIdOf = (order: OrderPlan): number =>
    order.byAgent || order.customer !== 'demo' ? agentId : customerUserId;

  for (const [index, order] of ORDERS.entries()) {
    const def = CUSTOMERS.find((c) => c.key === order.customer);
    if (!def) throw new Error(`no customer ${order.customer}`);
    const created = isoDaysFrom(now, -order.daysAgo);
    const isDelivery = order.shipping === 'delivery';
    const addressDef = def.addresses[order.addressIndex];
    const addressId = addressIds.get(def.key)?.[order.addressIndex] ?? null;
    const payment = methodOf(order.payment[0], order.payment[1]);
    const lines = rng
      .shuffle(orderable)
      .slice(0, order.lines)
      .map((product) => {
        const carton = product.packs.find((p) => p.unit === 'carton')?.pieces ?? 1;
        const quantity = carton * rng.int(1, 5);
        const entries = priceRows(product);
        const entry = [...entries].reverse().find((e) => e.pieces <= quantity) ?? entries[0];
        const unitPrice = entry?.price ?? 0;
        const lineGross = unitPrice * quantity;
        return {
          product_id: idsBySku.get(product.sku) ?? null,
          sku: product.sku,
          name: product.names.hu,
          quantity,
          unit_price: unitPrice,
          vat: product.vat,
          weight: product.weight,
          line_gross: lineGross,
          line_net: Math.round((lineGross * 100) / (100 + product.vat)),
        };
      });
    const logisticsCost = isDelivery ? (addressDef?.logisticsCost ?? 0) : 0;
    const inserted = await db
      .insertInto('orders')
      .values({
        customer_id: customerId(def.key),
        user_id: userIdOf(order),
        agent_user_id: def.withAgent ? agentId : null,
        // Negative ids never collide with real carts, whose ids start at 1.
        source_cart_id: -(index + 1),
        source_cart_version: 1,
        status: 'completed',
        language: 'hu',
        shipping_method_code: order.shipping,
        shipping_method_name: shippingNames.get(order.shipping) ?? order.shipping,
        payment_method_code: payment.code,
        payment_method_name: payment.name,
        payment_term_days: payment.term_days,
        delivery_date: isDelivery ? dateOnly(isoDaysFrom(now, -order.daysAgo + 1 + (index % 2))) : null,
        comment_webshop: order.comment,
        comment_supplier: '',
        customer_name: def.name,
        customer_email: def.email,
        customer_tax_number: makeTaxNumber(def.taxBase, 2, def.county),
        customer_company_registration_number: def.registration,
        billing_country: 'Magyarország',
        billing_country_code: 'HU',
        billing_zip: def.billing.zip,
        billing_city: def.billing.city,
        billing_apt_suite: def.billing.apt,
        shipping_address_id: isDelivery ? addressId : null,
        shipping_country: isDelivery ? 'Magyarország' : null,
        shipping_country_code: isDelivery ? 'HU' : null,
        shipping_zip: isDelivery ? (addressDef?.zip ?? null) : null,
        shipping_city: isDelivery ? (addressDef?.city ?? null) : null,
        shipping_apt_suite: isDelivery ? (addressDef?.apt ?? null) : null,
        items_sum_gross: lines.reduce((sum, l) => sum + l.line_gross, 0),
        items_sum_net: lines.reduce((sum, l) => sum + l.line_net, 0),
        items_count: lines.length,
        items_pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
        items_weight: lines.reduce((sum, l) => sum + l.weight * l.quantity, 0),
        logistics_cost: logisticsCost,
        shipping_cost: 0,
        erp_acknowledged_at: isoDaysFrom(now, -order.daysAgo + 0.01),
        created_at: created,
        updated_at: isoDaysFrom(now, -order.daysAgo + 2),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      db,
      'order_items',
      lines.map((l) => ({ ...l, order_id: inserted.id })),
    );
    await insertRows(db, 'order_status_history', [
      { order_id: inserted.id, status: 'new', changed_by_user_id: userIdOf(order), created_at: created },
      {
        order_id: inserted.id,
        status: 'completed',
        changed_by_user_id: null,
        created_at: isoDaysFrom(now, -order.daysAgo + 2),
      },
    ]);
  }
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
