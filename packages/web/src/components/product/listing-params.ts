import type { ProductsPerPage } from '@shop/shared/contracts/products';
import { readStorage, writeStorage } from '../../lib/storage';

/**
 * The listing's state in the URL (docs/product.md §2: page, ppp, manufacturers) and the remembered
 * page size (docs/product.md §9: localStorage, default 50, only 1, 50, 100, 99999).
 */
export const PPP_STORAGE_KEY = 'productsPerPage';

/*
 * The values of the products contract (PRODUCTS_PER_PAGE_VALUES, DEFAULT_PRODUCTS_PER_PAGE,
 * MAX_SELECTED_MANUFACTURERS), repeated here because importing a value from the contract module
 * brings zod and its schemas into the listing's first load; listing-params.test.ts checks that they
 * are equal.
 */
export const PRODUCTS_PER_PAGE_OPTIONS: readonly ProductsPerPage[] = [1, 50, 100, 99999];
export const DEFAULT_PPP: ProductsPerPage = 50;
export const MAX_MANUFACTURERS = 100;
export const PAGE_PARAM = 'page';
export const PPP_PARAM = 'ppp';
export const MANUFACTURERS_PARAM = 'manufacturers';
const MAX_PAGE = 10_000_000;

/** An allowed page size, or null for anything else (missing, "20", "50abc", "1e2"). */
export function parsePpp(value: string | null | undefined): ProductsPerPage | null {
  if (value === null || value === undefined || !/^\d{1,5}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return (PRODUCTS_PER_PAGE_OPTIONS as readonly number[]).includes(number)
    ? (number as ProductsPerPage)
    : null;
}

/** The remembered page size, or 50. */
export function storedPpp(): ProductsPerPage {
  return parsePpp(readStorage(PPP_STORAGE_KEY)) ?? DEFAULT_PPP;
}

export function rememberPpp(ppp: ProductsPerPage): void {
  writeStorage(PPP_STORAGE_KEY, String(ppp));
}

/** A page number from the URL; anything but a whole number from 1 gives 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,8}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Manufacturer slugs from `a,b`: trimmed, without empty items and repeats, at most 100. */
export function parseManufacturers(value: string | null | undefined): string[] {
  if (!value) return [];
  const slugs = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0 && item.length <= 255 && /^[\p{L}\p{N}_.-]+$/u.test(item));
  return [...new Set(slugs)].slice(0, MAX_MANUFACTURERS);
}

export interface ListingUrlState {
  page: number;
  ppp: ProductsPerPage;
  manufacturers: string[];
}

/** Page, page size (the URL's if valid, else the remembered one) and the chosen manufacturers. */
export function readListingParams(params: URLSearchParams): ListingUrlState {
  return {
    page: parsePage(params.get(PAGE_PARAM)),
    ppp: parsePpp(params.get(PPP_PARAM)) ?? storedPpp(),
    manufacturers: parseManufacturers(params.get(MANUFACTURERS_PARAM)),
  };
}

/** A copy of the params with the given listing values (page 1 and no manufacturers are left out). */
export function withListingParams(
  params: URLSearchParams,
  changes: Partial<ListingUrlState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (changes.page !== undefined) {
    if (changes.page > 1) next.set(PAGE_PARAM, String(changes.page));
    else next.delete(PAGE_PARAM);
  }
  if (changes.ppp !== undefined) next.set(PPP_PARAM, String(changes.ppp));
  if (changes.manufacturers !== undefined) {
    if (changes.manufacturers.length > 0) next.set(MANUFACTURERS_PARAM, changes.manufacturers.join(','));
    else next.delete(MANUFACTURERS_PARAM);
  }
  return next;
}
