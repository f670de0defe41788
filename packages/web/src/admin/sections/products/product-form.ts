import type { AdminProduct, ProductInput } from '@shop/shared/contracts/admin-catalogue';
import type { PackUnitName } from '@shop/shared/contracts/products';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import { localDateTime, zonedDayEnd, zonedDayStart } from '@shop/shared/rules/calendar-date';
import { forintsText, parseForints } from '../../components/forints';

/**
 * The product editor's form values: text for every number (what the person typed), forints for
 * money, calendar dates of the shop's time zone (SHOP_TIME_ZONE, not the browser's) for
 * special-price bounds; `toBody` turns them into the API's ProductInput (minor units, ISO
 * instants), which the shared contract then checks. Price fields are named as in the body, so the
 * contract's and the server's error paths name the form's fields.
 */
export interface PackDraft {
  unit: PackUnitName;
  pieces: string;
  barcode: string;
}
export interface PriceDraft {
  priceGroup: string;
  quantitativeUnit: PackUnitName;
  quantityDiscount: string;
  price: string;
  specialPrice: string;
  specialPriceStart: string;
  specialPriceEnd: string;
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

/** An instant as the calendar date it falls on in the shop's time zone ('YYYY-MM-DD'). */
function shopDate(iso: string | null, timeZone: string): string {
  return iso ? localDateTime(new Date(iso), timeZone).date : '';
}
/** A calendar date of the shop's time zone as the instant its day starts or ends there. */
function dayBound(date: string, end: boolean, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return (end ? zonedDayEnd(date, timeZone) : zonedDayStart(date, timeZone)).toISOString();
}
const int = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const amount = (text: string) => parseForints(text) ?? Number.NaN;

const emptyNames = () => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Record<Language, string>;

export const emptyPack = (): PackDraft => ({ unit: 'carton', pieces: '', barcode: '' });
export const emptyPrice = (unit: PackUnitName = 'carton', quantityDiscount = ''): PriceDraft => ({
  priceGroup: '',
  quantitativeUnit: unit,
  quantityDiscount,
  price: '',
  specialPrice: '',
  specialPriceStart: '',
  specialPriceEnd: '',
});

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
    prices: [emptyPrice('piece', '1')],
  };
}

export function draftOf(product: AdminProduct, timeZone: string): ProductDraft {
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
      quantitativeUnit: e.quantitativeUnit,
      quantityDiscount: String(e.quantityDiscount),
      price: forintsText(e.price),
      specialPrice: forintsText(e.specialPrice),
      specialPriceStart: shopDate(e.specialPriceStart, timeZone),
      specialPriceEnd: shopDate(e.specialPriceEnd, timeZone),
    })),
  };
}

/** The languages that have a name, in the order of `details` in the body. */
export const namedLanguages = (draft: Pick<ProductDraft, 'names'>): Language[] =>
  LANGUAGES.filter((l) => draft.names[l].trim() !== '');

/** The API body of the form (not yet checked: the shared contract does that). */
export function toBody(draft: ProductDraft, timeZone: string): ProductInput {
  return {
    sku: draft.sku.trim(),
    details: namedLanguages(draft).map((language) => ({
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
      price: amount(e.price),
      specialPrice: e.specialPrice.trim() === '' ? null : amount(e.specialPrice),
      specialPriceStart: dayBound(e.specialPriceStart, false, timeZone),
      specialPriceEnd: dayBound(e.specialPriceEnd, true, timeZone),
      quantityDiscount: int(e.quantityDiscount),
      quantitativeUnit: e.quantitativeUnit,
    })),
  };
}
