import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { PackUnitName, Product } from '@shop/shared/contracts/products';
import { formatDate, formatMoney } from '@shop/shared/format/format';
import type { Language } from '@shop/shared/i18n/languages';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { applicableTier, entryUnitPrice } from '@shop/shared/rules/pricing';
import { orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { isSpecialPriceValid } from '@shop/shared/rules/special-price';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { readCatalogueSettings } from '../products/catalogue-cache.service';
import {
  loadProducts,
  resolvePricingContext,
  shopDayBefore,
  type PricingContext,
} from '../products/products.service';
import * as repo from './downloads.repository';
import { PRICE_LIST_TEXTS, type PriceListTexts } from './price-list-texts';

/** Products are read and priced this many at a time while the file is written. */
const BATCH = 500;

/** One row of the price list: the listing's price of a product for the customer. */
export interface PriceListRow {
  sku: string;
  name: string;
  manufacturer: string;
  unit: string;
  pieces: number;
  /** Minor units per piece: the listing's currentPrice. */
  gross: number;
  net: number;
  vat: number;
  special: number | null;
  specialFrom: string | null;
  specialTo: string | null;
  quantityPrices: string;
}

/** The row of a product, computed with the shared pricing rule exactly as the listing does. */
export function priceListRow(
  product: Product,
  now: Date,
  texts: PriceListTexts,
  timeZone: string,
): PriceListRow | null {
  if (product.currentPrice === null) return null;
  const limits = orderQuantityLimits(product);
  const minimum = Math.max(1, limits.minimum ?? 1);
  const tier = applicableTier(product.prices, minimum, now);
  const unit = (product.minOrderQuantity ?? 'piece') as PackUnitName;
  const pieces = product.packSizes.find((pack) => pack.unit === unit)?.pieces ?? 1;
  const special =
    tier && isSpecialPriceValid(tier, now) ? tier : product.prices.find((t) => isSpecialPriceValid(t, now));
  const higherTiers = product.prices
    .filter((t) => t.quantityDiscount > minimum)
    .map((t) => ({ pieces: t.quantityDiscount, price: entryUnitPrice(t, now) }))
    .filter((t, index, all) => all.findIndex((o) => o.pieces === t.pieces && o.price === t.price) === index);
  const date = (value: string | null | undefined) => (value ? formatDate(value, timeZone) : null);
  return {
    sku: product.sku,
    name: product.productDetails[0]?.name ?? '',
    manufacturer: product.manufacturer?.name ?? '',
    unit: texts.units[unit] ?? unit,
    pieces,
    gross: product.currentPrice,
    net: netFromGrossMinor(product.currentPrice, product.vat),
    vat: product.vat,
    special: special ? (special.specialPrice as number) : null,
    specialFrom: special ? date(special.specialPriceStart) : null,
    specialTo: special ? date(special.specialPriceEnd) : null,
    quantityPrices: higherTiers
      .map((t) =>
        texts.quantityPrice.replace('{pieces}', String(t.pieces)).replace('{price}', formatMoney(t.price)),
      )
      .join('; '),
  };
}

async function pricingFor(ctx: AppContext, auth: AuthUser): Promise<PricingContext> {
  const pricing = await resolvePricingContext(ctx, auth);
  // An agent sees a customer's prices only once it chose that customer's shipping address.
  if (pricing.kind !== 'customer' && auth.role === 'agent') throw new AppError('ERR_NO_CURRENT_SHIPPING');
  return pricing;
}

export interface PriceListFile {
  fileName: string;
  stream: Readable;
}

/**
 * `GET /api/downloads/price-list.xlsx`: every active, orderable product with the caller's prices
 * (an agent: its current shipping address's customer), in SKU order, written with exceljs's
 * streaming writer batch by batch, so a large catalogue does not sit in memory.
 */
export async function priceList(
  ctx: AppContext,
  auth: AuthUser,
  language: Language,
  options: { batchSize?: number } = {},
): Promise<PriceListFile> {
  const batch = options.batchSize ?? BATCH;
  const pricing = await pricingFor(ctx, auth);
  const texts = PRICE_LIST_TEXTS[language];
  const now = ctx.now();
  const day = shopDayBefore(now, ctx.config.shopTimeZone, 0);
  const db = ctx.database.db;
  const settings = await readCatalogueSettings(db);
  // The first batch is read before the answer starts, so a database failure is still a clean 500.
  const firstRows = await repo.findOrderableProductRows(db, null, batch);

  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Wholesale shop';
  workbook.title = `${texts.title} ${formatDate(day)}`;
  workbook.created = now;
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const money = '#,##0.00 "Ft"';
  sheet.columns = [
    { header: texts.columns.sku, key: 'sku', width: 16 },
    { header: texts.columns.name, key: 'name', width: 44 },
    { header: texts.columns.manufacturer, key: 'manufacturer', width: 22 },
    { header: texts.columns.unit, key: 'unit', width: 16 },
    { header: texts.columns.pieces, key: 'pieces', width: 12 },
    { header: texts.columns.gross, key: 'gross', width: 16, style: { numFmt: money } },
    { header: texts.columns.net, key: 'net', width: 16, style: { numFmt: money } },
    { header: texts.columns.vat, key: 'vat', width: 8 },
    { header: texts.columns.special, key: 'special', width: 18, style: { numFmt: money } },
    { header: texts.columns.specialFrom, key: 'specialFrom', width: 14 },
    { header: texts.columns.specialTo, key: 'specialTo', width: 14 },
    { header: texts.columns.quantityPrices, key: 'quantityPrices', width: 48 },
  ];
  sheet.autoFilter = { from: 'A1', to: 'L1' };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const write = async () => {
    let rows = firstRows;
    while (rows.length > 0) {
      const products = await loadProducts(ctx, rows, pricing, language, settings);
      for (const product of products) {
        const row = priceListRow(product, now, texts, ctx.config.shopTimeZone);
        if (!row) continue;
        sheet
          .addRow({
            ...row,
            gross: row.gross / 100,
            net: row.net / 100,
            special: row.special === null ? null : row.special / 100,
          })
          .commit();
      }
      if (rows.length < batch) break;
      rows = await repo.findOrderableProductRows(db, rows[rows.length - 1]?.sku ?? null, batch);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { fileName: `${texts.fileBase}-${day}.xlsx`, stream: output };
}
