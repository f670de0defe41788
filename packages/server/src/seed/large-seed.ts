import { sql } from 'kysely';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bumpCatalogueVersion } from '../modules/products/catalogue-version';
import {
  catalogueItems,
  ensureCatalogueStructure,
  formatSize,
  insertProductSpecs,
  makePacks,
  pieceWeight,
  productDescription,
  productNames,
  shopPriceFt,
  subcategorySlug,
  type LineItem,
  type ProductSpec,
} from './catalogue-builder';
import { CATALOGUE } from './catalogue-data';
import { productSvg } from './product-image';
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
  const shape = item.size.shape ?? item.line.shape;
  const weight = pieceWeight(item.size, item.line.shape, item.variant.grams ?? item.line.grams);
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
    mainSlug: item.main.slug,
    categorySlug: subcategorySlug(item.main, item.sub),
    brand: item.brand,
    names: productNames(item.variant.names, item.size, prefix),
    descriptions: productDescription(item.line.about, item.size, item.brand, carton),
    label: { name: item.variant.names.hu, size: formatSize(item.size, 'hu'), brand: item.brand },
    shape,
    color: item.main.color,
    vat: item.line.vat,
    weight,
    stock: roll < 0.03 ? 0 : roll < 0.06 ? rng.int(1, carton - 1) : rng.int(10, 400) * carton,
    isActive: rng.chance(0.02) ? 0 : 1,
    isOrderable: rng.chance(0.01) ? 0 : 1,
    isSeasonal: item.line.seasonal || item.variant.seasonal ? 1 : 0,
    min: rng.chance(0.05) ? 'carton' : null,
    max: rng.chance(0.02) ? 'pallet' : null,
    packs: makePacks(carton, weight, rng),
    piecePrice: shopPriceFt(item.size.price * (item.variant.factor ?? 1) * (0.85 + rng.next() * 0.3)) * 100,
    special,
    image: images.get(`${item.main.slug}/${shape}`) ?? null,
    createdAt: new Date(now.getTime() - rng.int(1, 1000) * DAY_MS).toISOString(),
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
  for (let offset = 0; offset < options.products; offset += PRODUCTS_PER_TRANSACTION) {
    const size = Math.min(PRODUCTS_PER_TRANSACTION, options.products - offset);
    const specs = Array.from({ length: size }, (_, i) =>
      largeProduct(lastNumber + offset + i + 1, items, images, now),
    );
    const inserted = await db.transaction().execute((trx) => insertProductSpecs(trx, specs, ids, nowIso));
    for (const [table, n] of Object.entries(inserted.counts)) counts[table] = (counts[table] ?? 0) + n;
  }
  await bumpCatalogueVersion(db, now);
  // Fresh planner statistics after a bulk load (both SQLite and PostgreSQL understand ANALYZE);
  // without them PostgreSQL plans the catalogue queries as if the tables were empty.
  await sql`ANALYZE`.execute(db);
  return counts;
}
