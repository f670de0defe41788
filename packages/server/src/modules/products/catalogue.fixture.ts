import { foldForSearch } from '@shop/shared/rules/search-fold';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connection';
import type { Database, PackUnit } from '../../db/schema';
import { refreshProductSearchText } from './product-search-text.service';
import { withGs1CheckDigit } from '@shop/shared/rules/gs1-barcode';

/**
 * A small catalogue for the catalogue tests (not the demo seed): 7 categories in 3 main ones plus an
 * empty one (one subcategory is empty too), 4 manufacturers, 30 products (29 active) named in hu/en/vi/zh, pack sizes with
 * barcodes, list and VIP group prices, special prices (valid, expired, future), price history.
 * The tests' "now" is FIXTURE_NOW.
 */
export const FIXTURE_NOW = new Date('2026-03-15T12:00:00.000Z');

type Names = [hu: string, en: string | null, vi: string | null, zh: string | null];

export interface FixtureProduct {
  n: number;
  sku: string;
  names: Names;
  categories: string[];
  manufacturer: string | null;
  active?: boolean;
  orderable?: boolean;
  seasonal?: boolean;
  stock?: number;
  /** Gross piece price in minor units; the carton price is 90 % of it from 12 pieces. */
  price: number;
  minUnit?: PackUnit;
  maxUnit?: PackUnit;
  step?: number;
  pallet?: boolean;
  noBarcodes?: boolean;
  special?: { price: number; start: string | null; end: string | null };
  vipPiecePrice?: number;
}

const piecePrice = (n: number) => 10000 + n * 1000;

export const FIXTURE_PRODUCTS: FixtureProduct[] = [
  {
    n: 1,
    sku: 'KV-001',
    names: ['Kávé', 'Coffee', 'Cà phê', '咖啡'],
    categories: ['kave'],
    manufacturer: 'alfa',
    price: piecePrice(1),
  },
  {
    n: 2,
    sku: 'KV-002',
    names: ['Kávé őrölt 250 g', 'Ground coffee 250 g', 'Cà phê xay 250 g', '研磨咖啡 250克'],
    categories: ['kave'],
    manufacturer: 'alfa',
    price: piecePrice(2),
    minUnit: 'carton',
    maxUnit: 'pallet',
    step: 12,
    pallet: true,
    special: { price: 9900, start: '2026-03-01T00:00:00.000Z', end: '2026-03-31T23:59:59.999Z' },
  },
  {
    n: 3,
    sku: 'KV-003',
    names: ['Kávéfőző kotyogós', 'Moka pot', 'Bình pha cà phê', '摩卡壶'],
    categories: ['haztartas'],
    manufacturer: 'beta',
    price: piecePrice(3),
  },
  {
    n: 4,
    sku: 'KV-004',
    names: ['Instant kávé', 'Instant coffee', 'Cà phê hòa tan', '速溶咖啡'],
    categories: ['kave'],
    manufacturer: 'beta',
    price: piecePrice(4),
  },
  {
    n: 5,
    sku: 'KV-005',
    names: ['Jegeskávé', 'Iced coffee', 'Cà phê đá', '冰咖啡'],
    categories: ['kave'],
    manufacturer: 'gamma',
    seasonal: true,
    price: piecePrice(5),
  },
  {
    n: 6,
    sku: 'KV-006',
    names: ['Kávébab arabica', 'Arabica coffee beans', 'Hạt cà phê arabica', '阿拉比卡咖啡豆'],
    categories: ['kave'],
    manufacturer: 'alfa',
    price: piecePrice(6),
    special: { price: 12000, start: '2026-02-01T00:00:00.000Z', end: '2026-03-01T00:00:00.000Z' },
  },
  {
    n: 7,
    sku: 'TE-001',
    names: ['Zöld tea', 'Green tea', 'Trà xanh', '绿茶'],
    categories: ['tea'],
    manufacturer: 'beta',
    price: piecePrice(7),
    special: { price: 12000, start: '2026-04-01T00:00:00.000Z', end: null },
  },
  {
    n: 8,
    sku: 'TE-002',
    names: ['Jázmin tea', 'Jasmine tea', 'Trà hoa nhài', '茉莉花茶'],
    categories: ['tea'],
    manufacturer: 'gamma',
    seasonal: true,
    price: piecePrice(8),
    special: { price: 15000, start: null, end: null },
    vipPiecePrice: 17500,
  },
  {
    n: 9,
    sku: 'TE-003',
    names: ['Fekete tea', 'Black tea', 'Trà đen', '红茶'],
    categories: ['tea'],
    manufacturer: 'beta',
    price: piecePrice(9),
    vipPiecePrice: 5000,
  },
  {
    n: 10,
    sku: 'LE-001',
    names: ['Phở leves alap', 'Pho soup base', 'Nước dùng phở', '河粉汤底'],
    categories: ['levesek'],
    manufacturer: 'gamma',
    price: piecePrice(10),
  },
  {
    n: 11,
    sku: 'LE-002',
    names: ['Gulyásleves', 'Goulash soup', 'Súp gulyás', '匈牙利牛肉汤'],
    categories: ['levesek'],
    manufacturer: 'alfa',
    price: piecePrice(11),
    minUnit: 'carton',
  },
  {
    n: 12,
    sku: 'LE-003',
    names: ['Tyúkhúsleves', 'Chicken soup', 'Súp gà', '鸡汤'],
    categories: ['levesek'],
    manufacturer: 'alfa',
    price: piecePrice(12),
    noBarcodes: true,
  },
  {
    n: 13,
    sku: 'TS-001',
    names: ['Rizstészta', 'Rice noodles', 'Bánh phở', '米粉'],
    categories: ['tesztak'],
    manufacturer: 'gamma',
    price: piecePrice(13),
  },
  {
    n: 14,
    sku: 'TS-002',
    names: ['Spagetti', 'Spaghetti', 'Mì Ý', '意大利面'],
    categories: ['tesztak'],
    manufacturer: 'beta',
    price: piecePrice(14),
  },
  {
    n: 15,
    sku: 'TS-003',
    names: ['Tojásos tészta', 'Egg noodles', 'Mì trứng', '鸡蛋面'],
    categories: ['tesztak'],
    manufacturer: 'beta',
    price: piecePrice(15),
  },
  {
    n: 16,
    sku: 'HZ-001',
    names: ['Mosogatószer', 'Dish soap', 'Nước rửa chén', '洗洁精'],
    categories: ['haztartas'],
    manufacturer: 'gamma',
    stock: 0,
    price: piecePrice(16),
  },
  {
    n: 17,
    sku: 'HZ-002',
    names: ['Szivacs', 'Sponge', 'Miếng bọt biển', '海绵'],
    categories: ['haztartas'],
    manufacturer: 'gamma',
    orderable: false,
    price: piecePrice(17),
  },
  {
    n: 18,
    sku: 'HZ-003',
    names: ['Papírtörlő', 'Paper towel', 'Khăn giấy', '纸巾'],
    categories: ['haztartas'],
    manufacturer: 'beta',
    stock: 5,
    price: piecePrice(18),
  },
  {
    n: 19,
    sku: 'X-OLD',
    names: ['Régi kávé', 'Old coffee', 'Cà phê cũ', '旧咖啡'],
    categories: ['kave'],
    manufacturer: 'delta',
    active: false,
    price: piecePrice(19),
  },
  {
    n: 20,
    sku: 'IT-001',
    names: ['Ásványvíz 0,5 l', 'Mineral water 0.5 l', 'Nước khoáng 0,5 l', '矿泉水 0.5升'],
    categories: ['italok'],
    manufacturer: 'alfa',
    price: piecePrice(20),
  },
  {
    n: 21,
    sku: 'IT-002',
    names: ['Narancslé', 'Orange juice', 'Nước cam', '橙汁'],
    categories: ['italok'],
    manufacturer: 'beta',
    price: piecePrice(21),
  },
  {
    n: 22,
    sku: 'IT-003',
    names: ['Almalé', 'Apple juice', 'Nước táo', '苹果汁'],
    categories: ['italok'],
    manufacturer: 'beta',
    price: piecePrice(22),
  },
  {
    n: 23,
    sku: 'IT-004',
    names: ['Kóla', 'Cola', 'Nước ngọt cola', '可乐'],
    categories: ['italok'],
    manufacturer: 'gamma',
    price: piecePrice(23),
  },
  {
    n: 24,
    sku: 'EL-001',
    names: ['Liszt', 'Flour', 'Bột mì', '面粉'],
    categories: ['elelmiszer'],
    manufacturer: 'alfa',
    price: piecePrice(24),
  },
  {
    n: 25,
    sku: 'EL-002',
    names: ['Cukor', 'Sugar', 'Đường', '糖'],
    categories: ['elelmiszer'],
    manufacturer: 'alfa',
    price: piecePrice(25),
  },
  {
    n: 26,
    sku: 'EL-003',
    names: ['Só', 'Salt', 'Muối', '盐'],
    categories: ['elelmiszer'],
    manufacturer: 'gamma',
    price: piecePrice(26),
  },
  {
    n: 27,
    sku: 'EL-004',
    names: ['Rizs', 'Rice', 'Gạo', '大米'],
    categories: ['elelmiszer'],
    manufacturer: 'gamma',
    price: piecePrice(27),
  },
  {
    n: 28,
    sku: 'EL-005',
    names: ['Étolaj', 'Cooking oil', 'Dầu ăn', '食用油'],
    categories: ['elelmiszer'],
    manufacturer: 'beta',
    price: piecePrice(28),
  },
  {
    n: 29,
    sku: 'EL-006',
    names: ['Kávés keksz', 'Coffee biscuits', 'Bánh quy cà phê', '咖啡饼干'],
    categories: ['elelmiszer', 'kave'],
    manufacturer: 'beta',
    price: piecePrice(29),
  },
  {
    n: 30,
    sku: 'EL-007',
    names: ['Ecet', null, null, null],
    categories: ['elelmiszer'],
    manufacturer: null,
    price: piecePrice(30),
  },
];

export const FIXTURE_CATEGORIES: { slug: string; parent: string | null; names: Names }[] = [
  { slug: 'italok', parent: null, names: ['Italok', 'Drinks', 'Đồ uống', '饮料'] },
  { slug: 'kave', parent: 'italok', names: ['Kávé', 'Coffee', 'Cà phê', '咖啡'] },
  { slug: 'tea', parent: 'italok', names: ['Tea', 'Tea', 'Trà', '茶'] },
  { slug: 'teafuvek', parent: 'italok', names: ['Teafüvek', 'Herbal teas', 'Trà thảo mộc', '花草茶'] },
  { slug: 'elelmiszer', parent: null, names: ['Élelmiszer', 'Food', 'Thực phẩm', '食品'] },
  { slug: 'levesek', parent: 'elelmiszer', names: ['Levesek', 'Soups', 'Súp', '汤'] },
  { slug: 'tesztak', parent: 'elelmiszer', names: ['Tészták', 'Pasta', 'Mì', '面食'] },
  { slug: 'haztartas', parent: null, names: ['Háztartás', 'Household', 'Gia dụng', '家居用品'] },
  { slug: 'ures-kategoria', parent: null, names: ['Üres kategória', null, null, null] },
];

export const FIXTURE_MANUFACTURERS = [
  { slug: 'alfa', name: 'Alfa Kft.' },
  { slug: 'beta', name: 'Béta Zrt.' },
  { slug: 'gamma', name: 'Gamma Trading' },
  { slug: 'delta', name: 'Delta Bt.' },
];

const LANGS = ['hu', 'en', 'vi', 'zh'] as const;

export function fixtureBarcodes(n: number): {
  piece: string | null;
  carton: string | null;
  pallet: string | null;
} {
  const product = FIXTURE_PRODUCTS.find((p) => p.n === n);
  if (!product || product.noBarcodes) return { piece: null, carton: null, pallet: null };
  const code = String(n).padStart(3, '0');
  return {
    // EAN-13 with the GS1 check digit, as the back office requires.
    piece: withGs1CheckDigit(`5991${code}00001`),
    carton: n === 17 ? null : withGs1CheckDigit(`5991${code}00012`),
    pallet: product.pallet ? withGs1CheckDigit(`5991${code}00480`) : null,
  };
}

export interface CatalogueFixture {
  productId: Map<number, number>;
  idToN: Map<number, number>;
  manufacturerId: Map<string, number>;
  categoryId: Map<string, number>;
}

export async function insertCatalogue(database: DatabaseHandle): Promise<CatalogueFixture> {
  const db = database.db;
  const stamp = '2026-01-01T00:00:00.000Z';
  const manufacturerId = new Map<string, number>();
  for (const m of FIXTURE_MANUFACTURERS) {
    const row = await db.insertInto('manufacturers').values(m).returning('id').executeTakeFirstOrThrow();
    manufacturerId.set(m.slug, row.id);
  }
  const categoryId = new Map<string, number>();
  let sort = 0;
  for (const c of FIXTURE_CATEGORIES) {
    sort += 1;
    const row = await db
      .insertInto('categories')
      .values({ slug: c.slug, parent_id: c.parent ? categoryId.get(c.parent)! : null, sort_order: sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryId.set(c.slug, row.id);
    await db
      .insertInto('category_translations')
      .values(
        c.names.flatMap((name, i) =>
          name === null
            ? []
            : [{ category_id: row.id, language: LANGS[i]!, name, search_name: foldForSearch(name) }],
        ),
      )
      .execute();
  }
  const productId = new Map<number, number>();
  const idToN = new Map<number, number>();
  for (const p of FIXTURE_PRODUCTS) {
    const row = await db
      .insertInto('products')
      .values({
        sku: p.sku,
        manufacturer_id: p.manufacturer ? manufacturerId.get(p.manufacturer)! : null,
        vat: p.n === 1 ? 5 : 27,
        weight: 250 + p.n,
        image: `/images/products/${p.sku.toLowerCase()}.webp`,
        stock: p.stock ?? 500,
        is_active: p.active === false ? 0 : 1,
        is_orderable: p.orderable === false ? 0 : 1,
        is_seasonal: p.seasonal ? 1 : 0,
        min_order_quantity: p.minUnit ?? null,
        max_order_quantity: p.maxUnit ?? null,
        order_quantity_step: p.step ?? 1,
        created_at: new Date(Date.parse(stamp) + p.n * 60_000).toISOString(),
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productId.set(p.n, row.id);
    idToN.set(row.id, p.n);
    await db
      .insertInto('product_details')
      .values(
        p.names.flatMap((name, i) =>
          name === null
            ? []
            : [
                {
                  product_id: row.id,
                  language: LANGS[i]!,
                  name,
                  description: `${name} — ${LANGS[i]} leírás`,
                },
              ],
        ),
      )
      .execute();
    await db
      .insertInto('product_categories')
      .values(p.categories.map((slug) => ({ product_id: row.id, category_id: categoryId.get(slug)! })))
      .execute();
    const codes = fixtureBarcodes(p.n);
    await db
      .insertInto('pack_sizes')
      .values([
        { product_id: row.id, unit: 'piece', pieces: 1, barcode: codes.piece },
        { product_id: row.id, unit: 'carton', pieces: 12, barcode: codes.carton },
        ...(p.pallet
          ? [{ product_id: row.id, unit: 'pallet' as const, pieces: 480, barcode: codes.pallet }]
          : []),
      ])
      .execute();
    const special = p.special;
    await db
      .insertInto('price_entries')
      .values([
        {
          product_id: row.id,
          price_group: null,
          price: p.price,
          special_price: special?.price ?? null,
          special_price_start: special?.start ?? null,
          special_price_end: special?.end ?? null,
          quantity_discount: 1,
          quantitative_unit: 'piece',
        },
        {
          product_id: row.id,
          price_group: null,
          price: Math.round(p.price * 0.9),
          quantity_discount: 12,
          quantitative_unit: 'carton',
          special_price: null,
          special_price_start: null,
          special_price_end: null,
        },
        ...(p.pallet
          ? [
              {
                product_id: row.id,
                price_group: null,
                price: Math.round(p.price * 0.8),
                quantity_discount: 480,
                quantitative_unit: 'pallet' as const,
                special_price: null,
                special_price_start: null,
                special_price_end: null,
              },
            ]
          : []),
        ...(p.vipPiecePrice !== undefined
          ? [
              {
                product_id: row.id,
                price_group: 'VIP',
                price: p.vipPiecePrice,
                quantity_discount: 1,
                quantitative_unit: 'piece' as const,
                special_price: null,
                special_price_start: null,
                special_price_end: null,
              },
            ]
          : []),
      ])
      .execute();
  }
  const id = (n: number) => productId.get(n)!;
  await db
    .insertInto('price_history')
    .values([
      // Product 1: the list piece price was 140.00 Ft 14+ days ago (now 110.00 Ft) → changed.
      {
        product_id: id(1),
        price_group: null,
        quantitative_unit: 'piece',
        price: 14000,
        recorded_on: '2026-01-10',
      },
      {
        product_id: id(1),
        price_group: null,
        quantitative_unit: 'piece',
        price: 14000,
        recorded_on: '2026-02-20',
      },
      // Product 3: the same price 14 days ago, a different one before that → unchanged.
      {
        product_id: id(3),
        price_group: null,
        quantitative_unit: 'piece',
        price: 9999,
        recorded_on: '2026-01-10',
      },
      {
        product_id: id(3),
        price_group: null,
        quantitative_unit: 'piece',
        price: piecePrice(3),
        recorded_on: '2026-03-01',
      },
      // Product 4: only a record newer than 14 days → no comparison → unchanged.
      {
        product_id: id(4),
        price_group: null,
        quantitative_unit: 'piece',
        price: 1,
        recorded_on: '2026-03-10',
      },
      // Product 9: the VIP price was 60.00 Ft (now 50.00 Ft); the list price did not change.
      {
        product_id: id(9),
        price_group: 'VIP',
        quantitative_unit: 'piece',
        price: 6000,
        recorded_on: '2026-02-01',
      },
      {
        product_id: id(9),
        price_group: null,
        quantitative_unit: 'piece',
        price: piecePrice(9),
        recorded_on: '2026-02-01',
      },
    ])
    .execute();
  await refreshProductSearchText(db, [...productId.values()]);
  return { productId, idToN, manufacturerId, categoryId };
}

/** An order of a customer with lines `[productN, quantity]`, created at `createdAt`. */
export async function insertOrder(
  database: DatabaseHandle,
  fixture: CatalogueFixture,
  values: { customerId: number; userId: number; createdAt: string; lines: [number, number][] },
): Promise<number> {
  const db = database.db;
  const order = await db
    .insertInto('orders')
    .values({
      customer_id: values.customerId,
      user_id: values.userId,
      source_cart_id: Math.floor(Math.random() * 1e9),
      source_cart_version: 1,
      shipping_method_code: 'delivery',
      shipping_method_name: 'Kiszállítás',
      payment_method_code: 'transfer',
      payment_method_name: 'Átutalás',
      customer_name: 'Teszt',
      customer_email: 'teszt@example.com',
      billing_country: 'Magyarország',
      billing_zip: '1111',
      billing_city: 'Budapest',
      billing_apt_suite: 'Fő utca 1.',
      items_sum_gross: 0,
      items_sum_net: 0,
      items_count: values.lines.length,
      items_pieces: values.lines.reduce((sum, [, q]) => sum + q, 0),
      items_weight: 0,
      created_at: values.createdAt,
      updated_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [n, quantity] of values.lines) {
    const product = FIXTURE_PRODUCTS.find((p) => p.n === n)!;
    await db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        product_id: fixture.productId.get(n)!,
        sku: product.sku,
        name: product.names[0],
        quantity,
        unit_price: product.price,
        vat: 27,
        weight: 250,
        line_gross: product.price * quantity,
        line_net: Math.round((product.price * quantity) / 1.27),
      })
      .execute();
  }
  return order.id;
}

/** Sets a product's name in one language straight in the database (no search text refresh, no version bump). */
export async function setProductName(
  db: Kysely<Database>,
  productId: number,
  language: string,
  name: string,
): Promise<void> {
  await db
    .updateTable('product_details')
    .set({ name })
    .where('product_id', '=', productId)
    .where('language', '=', language)
    .execute();
}
