import {
  PACK_UNITS,
  type AdminProduct,
  type ProductInput,
  productInputSchema,
} from '@shop/shared/contracts/admin-catalogue';
import type { PackUnitName } from '@shop/shared/contracts/products';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';

/**
 * The product editor's form state: text for every number (what the person typed), forints for
 * money, local calendar dates for special-price bounds; `toInput` turns it into the API's
 * ProductInput (minor units, ISO instants) and reports the first problem.
 */
export interface PackDraft {
  unit: PackUnitName;
  pieces: string;
  barcode: string;
}
export interface PriceDraft {
  priceGroup: string;
  unit: PackUnitName;
  threshold: string;
  price: string;
  specialPrice: string;
  specialStart: string;
  specialEnd: string;
}
export interface ProductDraft {
  sku: string;
  names: Record<Language, string>;
  descriptions: Record<Language, string>;
  manufacturerId: string;
  categoryIds: number[];
  vat: string;
  weight: string;
  stock: string;
  isActive: boolean;
  isOrderable: boolean;
  isSeasonal: boolean;
  minOrderQuantity: PackUnitName | '';
  maxOrderQuantity: PackUnitName | '';
  orderQuantityStep: string;
  packSizes: PackDraft[];
  prices: PriceDraft[];
}

export { PACK_UNITS };

const forints = (minor: number | null) =>
  minor === null ? '' : (minor / 100).toFixed(2).replace(/\.00$/, '');
const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the local calendar date 'YYYY-MM-DD'. */
function localDate(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** A local calendar date as the instant its day starts or ends. */
function dayBound(date: string, end: boolean): string | null {
  if (!date) return null;
  const d = new Date(`${date}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
/** '1234,5' or '1234.50' forints → minor units; NaN when not an amount. */
export function parseForints(text: string): number {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
const int = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const emptyNames = () => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Record<Language, string>;

export function emptyDraft(): ProductDraft {
  return {
    sku: '',
    names: emptyNames(),
    descriptions: emptyNames(),
    manufacturerId: '',
    categoryIds: [],
    vat: '27',
    weight: '0',
    stock: '0',
    isActive: true,
    isOrderable: true,
    isSeasonal: false,
    minOrderQuantity: '',
    maxOrderQuantity: '',
    orderQuantityStep: '1',
    packSizes: [{ unit: 'piece', pieces: '1', barcode: '' }],
    prices: [
      {
        priceGroup: '',
        unit: 'piece',
        threshold: '1',
        price: '',
        specialPrice: '',
        specialStart: '',
        specialEnd: '',
      },
    ],
  };
}

export function draftOf(product: AdminProduct): ProductDraft {
  const names = emptyNames();
  const descriptions = emptyNames();
  for (const d of product.details) {
    names[d.language] = d.name;
    descriptions[d.language] = d.description;
  }
  return {
    sku: product.sku,
    names,
    descriptions,
    manufacturerId: product.manufacturerId === null ? '' : String(product.manufacturerId),
    categoryIds: product.categoryIds,
    vat: String(product.vat),
    weight: String(product.weight),
    stock: String(product.stock),
    isActive: product.isActive,
    isOrderable: product.isOrderable,
    isSeasonal: product.isSeasonal,
    minOrderQuantity: product.minOrderQuantity ?? '',
    maxOrderQuantity: product.maxOrderQuantity ?? '',
    orderQuantityStep: String(product.orderQuantityStep),
    packSizes: product.packSizes.map((p) => ({
      unit: p.unit,
      pieces: String(p.pieces),
      barcode: p.barcode ?? '',
    })),
    prices: product.prices.map((e) => ({
      priceGroup: e.priceGroup ?? '',
      unit: e.quantitativeUnit,
      threshold: String(e.quantityDiscount),
      price: forints(e.price),
      specialPrice: forints(e.specialPrice),
      specialStart: localDate(e.specialPriceStart),
      specialEnd: localDate(e.specialPriceEnd),
    })),
  };
}

/** The API body, or the path of the first field that is not valid. */
export function toInput(draft: ProductDraft): { input: ProductInput } | { field: string } {
  const candidate = {
    sku: draft.sku.trim(),
    details: LANGUAGES.filter((l) => draft.names[l].trim() !== '').map((language) => ({
      language,
      name: draft.names[language].trim(),
      description: draft.descriptions[language],
    })),
    manufacturerId: draft.manufacturerId === '' ? null : Number(draft.manufacturerId),
    categoryIds: draft.categoryIds,
    vat: int(draft.vat),
    weight: int(draft.weight),
    stock: int(draft.stock),
    isActive: draft.isActive,
    isOrderable: draft.isOrderable,
    isSeasonal: draft.isSeasonal,
    minOrderQuantity: draft.minOrderQuantity === '' ? null : draft.minOrderQuantity,
    maxOrderQuantity: draft.maxOrderQuantity === '' ? null : draft.maxOrderQuantity,
    orderQuantityStep: int(draft.orderQuantityStep),
    packSizes: draft.packSizes.map((p) => ({
      unit: p.unit,
      pieces: int(p.pieces),
      barcode: p.barcode.trim() === '' ? null : p.barcode.trim(),
    })),
    prices: draft.prices.map((e) => ({
      priceGroup: e.priceGroup.trim() === '' ? null : e.priceGroup.trim(),
      price: parseForints(e.price),
      specialPrice: e.specialPrice.trim() === '' ? null : parseForints(e.specialPrice),
      specialPriceStart: dayBound(e.specialStart, false),
      specialPriceEnd: dayBound(e.specialEnd, true),
      quantityDiscount: int(e.threshold),
      quantitativeUnit: e.unit,
    })),
  };
  const parsed = productInputSchema.safeParse(candidate);
  if (!parsed.success) {
    const path = parsed.error.issues[0]?.path.join('.') ?? 'sku';
    return { field: path === 'details' ? 'names.hu' : path };
  }
  return { input: parsed.data };
}
