import {
  catalogueItems,
  formatSize,
  itemSpecFields,
  makePacks,
  pieceWeight,
  productDescription,
  productNames,
  shopPriceFt,
  type ProductSpec,
  type SpecialSpec,
} from './catalogue-builder';
import { CATALOGUE, RULE_PRODUCTS } from './catalogue-data';
import { SeedRandom } from './seed-random';

/**
 * The demo products as plain data (no database): every catalogue line multiplied out, the
 * quantity-rule products of RULE_PRODUCTS, and deterministic picks of products that are
 * inactive, not orderable, out of stock, low on stock, limited by min/max, on special price,
 * with a recent price change, or in the current news.
 */

export interface PriceChange {
  sku: string;
  /** The price changed this many days ago (from oldFactor x current to current). */
  daysAgo: number;
  oldFactor: number;
}

export interface DemoProductPlan {
  products: ProductSpec[];
  priceChanges: PriceChange[];
  newsSkus: string[];
  /** SKUs per feature, for tests and for people trying the demo. */
  picks: Record<
    | 'inactive'
    | 'notOrderable'
    | 'outOfStock'
    | 'fewStock'
    | 'minCarton'
    | 'maxPallet'
    | 'specialRunning'
    | 'specialOpenEnded'
    | 'specialExpired'
    | 'specialFuture'
    | 'priceChangedRecently'
    | 'priceChangedLongAgo',
    string[]
  >;
}

const DAY_MS = 86_400_000;
export const isoDaysFrom = (now: Date, days: number): string =>
  new Date(now.getTime() + days * DAY_MS).toISOString();

export function buildDemoProducts(now: Date): DemoProductPlan {
  const rng = new SeedRandom(20_241_227);
  const products: ProductSpec[] = [];
  let number = 0;

  for (const item of catalogueItems()) {
    number += 1;
    const sku = `NK${10_000 + number}`;
    const carton = item.size.carton;
    const fields = itemSpecFields(item);
    const piecePriceFt = shopPriceFt(
      item.size.price * (item.variant.factor ?? 1) * (0.95 + rng.next() * 0.1),
    );
    products.push({
      sku,
      barcodeRange: 1,
      barcodeNumber: number,
      ...fields,
      stock: rng.int(15, 300) * carton,
      isActive: 1,
      isOrderable: 1,
      min: null,
      max: null,
      packs: makePacks(carton, fields.weight, rng),
      piecePrice: piecePriceFt * 100,
      special: null,
      image: `/images/products/${sku}.svg`,
      createdAt: isoDaysFrom(now, -rng.int(60, 720)),
    });
  }
  const generic = [...products];

  for (const rule of RULE_PRODUCTS) {
    number += 1;
    const main = CATALOGUE.find((m) => rule.category.startsWith(`${m.slug}-`));
    if (!main) throw new Error(`no main category for ${rule.category}`);
    const weight = pieceWeight(rule.size, rule.shape);
    const needsRow = rule.min === 'row' || rule.max === 'row';
    products.push({
      sku: rule.sku,
      barcodeRange: 1,
      barcodeNumber: number,
      mainSlug: main.slug,
      categorySlug: rule.category,
      brand: rule.brand,
      names: productNames(rule.names, rule.size),
      descriptions: productDescription(rule.about, rule.size, rule.brand, rule.size.carton),
      label: { name: rule.names.hu, size: formatSize(rule.size, 'hu'), brand: rule.brand },
      shape: rule.shape,
      color: main.color,
      vat: rule.vat,
      weight,
      stock: rule.stock,
      isActive: 1,
      isOrderable: rule.isOrderable ?? 1,
      isSeasonal: 0,
      min: rule.min ?? null,
      max: rule.max ?? null,
      packs: makePacks(rule.size.carton, weight, rng, {
        row: needsRow || undefined,
        rowCartons: rule.rowCartons,
        collector: false,
      }),
      piecePrice: rule.noPrices ? null : shopPriceFt(rule.size.price) * 100,
      special: null,
      image: `/images/products/${rule.sku}.svg`,
      createdAt: isoDaysFrom(now, -rng.int(60, 720)),
    });
  }

  // Deterministic, disjoint picks from the generated products.
  const pool = rng.shuffle(generic);
  const take = (count: number, accept: (p: ProductSpec) => boolean = () => true): ProductSpec[] => {
    const taken: ProductSpec[] = [];
    for (let i = 0; i < pool.length && taken.length < count;) {
      const candidate = pool[i] as ProductSpec;
      if (accept(candidate)) {
        taken.push(candidate);
        pool.splice(i, 1);
      } else {
        i += 1;
      }
    }
    return taken;
  };
  const skus = (list: ProductSpec[]) => list.map((p) => p.sku);
  const cartonOf = (p: ProductSpec) => p.packs.find((pack) => pack.unit === 'carton')?.pieces ?? 1;
  const special = (percentOff: number, start: string | null, end: string | null): SpecialSpec => ({
    percentOff,
    start,
    end,
  });

  const inactive = take(10);
  for (const p of inactive) p.isActive = 0;
  const notOrderable = take(5);
  for (const p of notOrderable) p.isOrderable = 0;
  const outOfStock = take(8);
  for (const p of outOfStock) p.stock = 0;
  const fewStock = take(12);
  for (const p of fewStock) p.stock = rng.int(1, cartonOf(p) - 1);
  const minCarton = take(16);
  for (const p of minCarton) p.min = 'carton';
  const maxPallet = take(8);
  for (const p of maxPallet) p.max = 'pallet';

  const running = take(26);
  for (const p of running)
    p.special = special(rng.int(10, 25), isoDaysFrom(now, -rng.int(1, 10)), isoDaysFrom(now, rng.int(5, 30)));
  const openEnded = take(8);
  openEnded.forEach((p, i) => {
    // Half of them with no bounds at all, half with a start in the past and no end.
    p.special = special(rng.int(8, 20), i % 2 === 0 ? null : isoDaysFrom(now, -rng.int(1, 20)), null);
  });
  const expired = take(8);
  for (const p of expired)
    p.special = special(
      rng.int(10, 25),
      isoDaysFrom(now, -rng.int(30, 45)),
      isoDaysFrom(now, -rng.int(2, 10)),
    );
  const future = take(6);
  for (const p of future) {
    const startDays = rng.int(3, 10);
    p.special = special(rng.int(10, 25), isoDaysFrom(now, startDays), isoDaysFrom(now, startDays + 14));
  }

  const changedRecently = take(16);
  const changedLongAgo = take(8);
  const priceChanges: PriceChange[] = [
    ...changedRecently.map((p, i) => ({
      sku: p.sku,
      daysAgo: rng.int(1, 13),
      oldFactor: i % 3 === 0 ? 0.9 : 1 + rng.int(5, 15) / 100,
    })),
    ...changedLongAgo.map((p) => ({
      sku: p.sku,
      daysAgo: rng.int(18, 28),
      oldFactor: 1 + rng.int(5, 12) / 100,
    })),
  ];

  const newsCategories = new Set([
    'azsiai-elelmiszerek',
    'fagyasztott-termekek',
    'edessegek-snackek',
    'kave-tea',
  ]);
  const news = take(6, (p) => newsCategories.has(p.mainSlug) && p.isSeasonal === 0);
  for (const p of news) p.createdAt = isoDaysFrom(now, -rng.int(1, 6));

  return {
    products,
    priceChanges,
    newsSkus: skus(news),
    picks: {
      inactive: skus(inactive),
      notOrderable: skus(notOrderable),
      outOfStock: skus(outOfStock),
      fewStock: skus(fewStock),
      minCarton: skus(minCarton),
      maxPallet: skus(maxPallet),
      specialRunning: skus(running),
      specialOpenEnded: skus(openEnded),
      specialExpired: skus(expired),
      specialFuture: skus(future),
      priceChangedRecently: skus(changedRecently),
      priceChangedLongAgo: skus(changedLongAgo),
    },
  };
}
