import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, type ReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Newspaper, NewspaperListResponse } from '@shop/shared/contracts/newspapers';
import type { PackUnitName, Product } from '@shop/shared/contracts/products';
import { DEFAULT_LANGUAGE, type Language } from '@shop/shared/i18n/languages';
import { netFromGrossMinor } from '@shop/shared/rules/net-price';
import { applicableTier, discountedPrice } from '@shop/shared/rules/pricing';
import { orderQuantityLimits } from '@shop/shared/rules/quantity-correction';
import { isSpecialPriceValid } from '@shop/shared/rules/special-price';
import type { AppContext } from '../../app-context';
import { AppError, isAppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { readCatalogueSettings } from '../products/catalogue-cache.service';
import { findProductPage } from '../products/products.repository';
import {
  loadProducts,
  resolvePricingContext,
  shopDayBefore,
  type PricingContext,
} from '../products/products.service';
import { pdfFonts } from './newspaper-fonts';
import { renderNewspaperPdf, type NewspaperItem } from './newspaper-pdf';
import { NEWSPAPER_TEXTS } from './newspaper-texts';
import * as repo from './newspapers.repository';
import { dominantColour, parseSimpleSvg } from './svg-drawing';

/**
 * The special-offer newspaper (docs/product.md §§2 and 8, docs in contracts/newspapers.ts):
 * uploaded PDFs in the data folder, and a newspaper the shop generates itself from the products
 * on sale now, with the caller's prices, in each language. Uploaded ones come first.
 */

/** At most this many products go into a generated newspaper (8 a page). */
export const MAX_NEWSPAPER_ITEMS = 240;
/** Bumped when the generated PDF's layout changes, so cached files are made again. */
const GENERATOR_VERSION = '1';
const GENERATED_DIR = path.join('newspapers', 'generated');

function today(ctx: AppContext): string {
  return shopDayBefore(ctx.now(), ctx.config.shopTimeZone, 0);
}

/** The day (YYYY-MM-DD) an instant falls on in the shop's time zone. */
function shopDay(ctx: AppContext, iso: string): string {
  return shopDayBefore(new Date(iso), ctx.config.shopTimeZone, 0);
}

/** Reads that fail (the database is down) are ERR_GETTING_CATALOGUES; our own errors pass. */
async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error)) throw error;
    // The cause goes with the error, so the error handler's 5xx log shows it.
    throw Object.assign(new AppError('ERR_GETTING_CATALOGUES'), { cause: error });
  }
}

function pricingOf(pricing: PricingContext): { priceGroup: string | null; key: string } {
  if (pricing.kind === 'customer') {
    return {
      priceGroup: pricing.priceGroup,
      key: `group:${pricing.priceGroup ?? ''}|discount:${pricing.discountBp}`,
    };
  }
  return { priceGroup: null, key: 'list' };
}

/** The products on sale now for this caller, as the catalogue shows them (at most MAX_NEWSPAPER_ITEMS). */
async function onSaleProducts(ctx: AppContext, pricing: PricingContext, language: Language, limit: number) {
  const db = ctx.database.db;
  const settings = await readCatalogueSettings(db);
  const rows = await findProductPage(
    db,
    ctx.database.dialect,
    { nowIso: ctx.now().toISOString(), priceGroup: pricingOf(pricing).priceGroup, onSale: true },
    { kind: 'catalogue' },
    limit,
    0,
  );
  const products = await loadProducts(ctx, rows, pricing, language, settings);
  return { products, settings };
}

interface PricedOffer {
  product: Product;
  grossPrice: number;
  regularPrice: number | null;
  offerEnds: string | null;
}

/** The listing's price (currentPrice) and the offer behind it for each product with a valid special price. */
function offersOf(products: readonly Product[], now: Date): PricedOffer[] {
  const offers: PricedOffer[] = [];
  for (const product of products) {
    if (product.currentPrice === null) continue;
    const specials = product.prices.filter((tier) => isSpecialPriceValid(tier, now));
    if (specials.length === 0) continue;
    const limits = orderQuantityLimits(product);
    const tier = applicableTier(product.prices, Math.max(1, limits.minimum ?? 1), now);
    const regular = tier ? discountedPrice(tier.price, tier.customerDiscount) : null;
    const ownSpecial = tier && specials.includes(tier) ? tier : undefined;
    const ends = (ownSpecial ? [ownSpecial] : specials)
      .map((t) => t.specialPriceEnd)
      .filter((end): end is string => typeof end === 'string' && end !== '')
      .sort();
    offers.push({
      product,
      grossPrice: product.currentPrice,
      regularPrice: regular !== null && regular > product.currentPrice ? regular : null,
      offerEnds: ends[0] ?? null,
    });
  }
  return offers;
}

/** The generated newspaper's validity: from today to the first offer's end (null: open-ended). */
function validityOf(
  ctx: AppContext,
  offers: readonly PricedOffer[],
): { validFrom: string; validTo: string | null } {
  const ends = offers.map((o) => o.offerEnds).filter((end): end is string => end !== null);
  const first = ends.sort()[0];
  return { validFrom: today(ctx), validTo: first ? shopDay(ctx, first) : null };
}

function generatedEntry(
  language: Language,
  validity: { validFrom: string; validTo: string | null },
): Newspaper {
  const texts = NEWSPAPER_TEXTS[language];
  return {
    id: null,
    kind: 'generated',
    title: texts.title,
    language,
    validFrom: validity.validFrom,
    validTo: validity.validTo,
    downloadPath: `/newspapers/generated?language=${language}`,
    fileName: `${texts.fileBase}-${validity.validFrom}.pdf`,
  };
}

/** `GET /api/newspapers`: current uploaded newspapers, then the generated one in the language. */
export async function listNewspapers(
  ctx: AppContext,
  auth: AuthUser,
  language: Language,
): Promise<NewspaperListResponse> {
  return reading(async () => {
    const db = ctx.database.db;
    const [uploaded, pricing] = await Promise.all([
      repo.findCurrentUploaded(db, today(ctx)),
      resolvePricingContext(ctx, auth),
    ]);
    const rank = (rowLanguage: string | null) => (rowLanguage === language || rowLanguage === null ? 0 : 1);
    const newspapers: Newspaper[] = uploaded
      .map((row, index) => ({ row, index }))
      .sort((a, b) => rank(a.row.language) - rank(b.row.language) || a.index - b.index)
      .map(({ row }) => ({
        id: row.id,
        kind: 'uploaded' as const,
        title: row.title,
        language: row.language,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        downloadPath: `/newspapers/${row.id}/download`,
        fileName: row.file_name,
      }));
    const { products } = await onSaleProducts(ctx, pricing, language, MAX_NEWSPAPER_ITEMS);
    const offers = offersOf(products, ctx.now());
    if (offers.length > 0) newspapers.push(generatedEntry(language, validityOf(ctx, offers)));
    if (newspapers.length === 0) throw new AppError('ERR_NO_CATALOGUES');
    return { newspapers };
  });
}

export interface NewspaperFile {
  file: string;
  fileName: string;
  size: number;
  stream(): ReadStream;
}

/** The data folder's file for a relative path, refusing paths that leave the folder. */
function dataFile(ctx: AppContext, relative: string): string | null {
  const root = path.resolve(ctx.config.dataDir);
  const file = path.resolve(root, relative);
  return file.startsWith(`${root}${path.sep}`) ? file : null;
}

async function fileAnswer(file: string, fileName: string): Promise<NewspaperFile> {
  const info = await stat(file);
  return { file, fileName, size: info.size, stream: () => createReadStream(file) };
}

/** `GET /api/newspapers/{id}/download`: an uploaded PDF; NOT_FOUND when the row or the file is missing. */
export async function uploadedNewspaper(ctx: AppContext, id: number): Promise<NewspaperFile> {
  const row = await reading(() => repo.findNewspaper(ctx.database.db, id));
  if (!row) throw new AppError('NOT_FOUND');
  const file = dataFile(ctx, row.file_path);
  if (!file || !existsSync(file)) throw new AppError('NOT_FOUND');
  return reading(() => fileAnswer(file, row.file_name));
}

/** One generation at a time per file in this process. */
const inFlight = new Map<string, Promise<void>>();

/**
 * `GET /api/newspapers/generated?language=xx`: the generated PDF for the caller's prices. The file
 * is cached in the data folder per day, language and pricing (price group and discount, so every
 * customer with the same prices shares it) and catalogue version; older days' files are removed.
 * ERR_NO_CATALOGUES when nothing is on sale.
 */
export async function generatedNewspaper(
  ctx: AppContext,
  auth: AuthUser,
  language: Language,
): Promise<NewspaperFile> {
  const fonts = pdfFonts();
  // Without a Chinese font the Chinese newspaper is written in English with the Hungarian names.
  const textLanguage: Language = language === 'zh' && !fonts.cjk ? 'en' : language;
  const nameLanguage: Language = language === 'zh' && !fonts.cjk ? DEFAULT_LANGUAGE : language;

  return reading(async () => {
    const pricing = await resolvePricingContext(ctx, auth);
    const settings = await readCatalogueSettings(ctx.database.db);
    const day = today(ctx);
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          GENERATOR_VERSION,
          pricingOf(pricing).key,
          settings.version,
          textLanguage,
          nameLanguage,
        ]),
      )
      .digest('hex')
      .slice(0, 20);
    const dir = path.join(ctx.config.dataDir, GENERATED_DIR);
    const file = path.join(dir, `${day}-${language}-${hash}.pdf`);
    const fileName = `${NEWSPAPER_TEXTS[language].fileBase}-${day}.pdf`;
    if (existsSync(file)) return fileAnswer(file, fileName);

    let pending = inFlight.get(file);
    if (!pending) {
      pending = (async () => {
        const { products } = await onSaleProducts(ctx, pricing, nameLanguage, MAX_NEWSPAPER_ITEMS);
        const offers = offersOf(products, ctx.now());
        if (offers.length === 0) throw new AppError('ERR_NO_CATALOGUES');
        const items = await Promise.all(offers.map((offer) => newspaperItem(ctx, offer, textLanguage)));
        const pdf = await renderNewspaperPdf({
          texts: NEWSPAPER_TEXTS[textLanguage],
          ...validityOf(ctx, offers),
          items,
          generatedAt: ctx.now(),
          timeZone: ctx.config.shopTimeZone,
          latin: fonts.latin,
          cjk: fonts.cjk,
        });
        await mkdir(dir, { recursive: true });
        const temporary = `${file}.${randomUUID()}.tmp`;
        await writeFile(temporary, pdf);
        await rename(temporary, file);
        await removeOldFiles(dir, day);
      })().finally(() => inFlight.delete(file));
      inFlight.set(file, pending);
    }
    await pending;
    return fileAnswer(file, fileName);
  });
}

/** Generated files of earlier days (and left-over temporary files) are removed. */
async function removeOldFiles(dir: string, day: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => !name.startsWith(day))
      .map((name) => unlink(path.join(dir, name)).catch(() => undefined)),
  );
}

const SKU_COLOURS = ['#7A5C34', '#2E7D32', '#1565C0', '#AD1457', '#6A1B9A', '#EF6C00', '#00838F', '#5D4037'];

function fallbackColour(sku: string): string {
  let hash = 0;
  for (const char of sku) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SKU_COLOURS[hash % SKU_COLOURS.length] as string;
}

/** The product's picture from the data folder: a generated SVG drawn as vectors, or a PNG/JPEG. */
async function pictureOf(ctx: AppContext, image: string | null): Promise<NewspaperItem['picture']> {
  if (!image || !image.startsWith('/images/')) return null;
  const file = dataFile(ctx, path.join('images', image.slice('/images/'.length)));
  if (!file || !existsSync(file)) return null;
  const extension = path.extname(file).toLowerCase();
  if (extension === '.svg') {
    const svg = parseSimpleSvg(await readFile(file, 'utf8'));
    return svg ? { kind: 'svg', svg } : null;
  }
  if (['.png', '.jpg', '.jpeg'].includes(extension)) return { kind: 'raster', file };
  return null;
}

async function newspaperItem(
  ctx: AppContext,
  offer: PricedOffer,
  textLanguage: Language,
): Promise<NewspaperItem> {
  const { product } = offer;
  const texts = NEWSPAPER_TEXTS[textLanguage];
  const picture = await pictureOf(ctx, product.image).catch(() => null);
  const unit = product.minOrderQuantity;
  const pack = unit ? product.packSizes.find((p) => p.unit === unit) : undefined;
  const unitName = unit ? texts.units[unit as PackUnitName] : null;
  return {
    sku: product.sku,
    name: product.productDetails[0]?.name ?? product.sku,
    manufacturer: product.manufacturer?.name ?? null,
    grossPrice: offer.grossPrice,
    netPrice: netFromGrossMinor(offer.grossPrice, product.vat),
    regularPrice: offer.regularPrice,
    vat: product.vat,
    offerEnds: offer.offerEnds,
    orderUnit:
      unit && unit !== 'piece' && unitName
        ? `${unitName}${pack ? ` (${pack.pieces} ${texts.units.piece})` : ''}`
        : null,
    picture,
    colour: (picture?.kind === 'svg' ? dominantColour(picture.svg) : null) ?? fallbackColour(product.sku),
  };
}
