import type { CategorySearchResult, CategoryTreeResponse } from '@shop/shared/contracts/categories';
import type {
  Manufacturer,
  Product,
  ProductListResponse,
  SimpleSearchResponse,
} from '@shop/shared/contracts/products';
import { SIMPLE_SEARCH_LIMIT } from '@shop/shared/contracts/products';
import { hasValidSpecialPrice } from '@shop/shared/rules/pricing';
import { foldForSearch } from '@shop/shared/rules/search-fold';

/**
 * The catalogue calls answered from the stored products (issue 19): `products/all`,
 * `products/ordered-products`, `products/search` (both forms) and `categories`, with the same
 * filters, pages, orders and answer shapes as the server (docs/product.md §§5.3, 7.2). Pure
 * functions over the stored list (in id order, the catalogue's default order).
 */
type Query = URLSearchParams;

const PAGE_SIZES = new Set([1, 50, 100, 99999]);

function flag(query: Query, name: string): boolean {
  return query.get(name) === 'true' || query.get(name) === '1';
}

function nameOf(product: Product): string {
  return product.productDetails[0]?.name ?? '';
}

/** Folded search text of a product: every name shown, SKU and pack barcodes. */
function searchText(product: Product): string {
  const barcodes = product.packSizes.map((size) => size.barcode ?? '').join(' ');
  return foldForSearch(`${nameOf(product)} ${product.sku} ${barcodes}`);
}

function inCategory(product: Product, main: string | null, sub: string | null): boolean {
  if (sub !== null) {
    return product.categories.some((c) => c.slug === sub && (main === null || c.parentSlug === main));
  }
  if (main !== null) return product.categories.some((c) => c.slug === main || c.parentSlug === main);
  return true;
}

function compareText(a: string, b: string): number {
  return a.localeCompare(b);
}

function sorted(products: Product[], orderBy: string | null): Product[] {
  switch (orderBy) {
    case 'name':
      return [...products].sort((a, b) => compareText(nameOf(a), nameOf(b)) || a.id - b.id);
    case 'name-desc':
      return [...products].sort((a, b) => compareText(nameOf(b), nameOf(a)) || b.id - a.id);
    case 'sku':
      return [...products].sort((a, b) => compareText(a.sku, b.sku) || a.id - b.id);
    case 'sku-desc':
      return [...products].sort((a, b) => compareText(b.sku, a.sku) || b.id - a.id);
    case 'newest':
      return [...products].sort((a, b) => b.id - a.id);
    default:
      return products;
  }
}

function page(query: Query, all: Product[]): ProductListResponse {
  const manufacturers = new Map<number, Manufacturer>();
  for (const product of all) {
    if (product.manufacturer) manufacturers.set(product.manufacturer.id, product.manufacturer);
  }
  const selected = (query.get('selectedManufacturers') ?? '').split(',').filter(Boolean);
  const chosen =
    selected.length === 0
      ? all
      : all.filter(
          (p) =>
            p.manufacturer !== null &&
            (selected.includes(String(p.manufacturer.id)) || selected.includes(p.manufacturer.slug)),
        );
  const perPageValue = Number(query.get('productsPerPage') || 50);
  const perPage = PAGE_SIZES.has(perPageValue) ? perPageValue : 50;
  const current = Math.max(1, Math.floor(Number(query.get('currentPage') || 1)) || 1);
  return {
    products: chosen.slice((current - 1) * perPage, current * perPage),
    count: chosen.length,
    manufacturers: [...manufacturers.values()].sort((a, b) => compareText(a.name, b.name)),
  };
}

function filtered(query: Query, products: Product[], now: Date, ordered: boolean): Product[] {
  const main = query.get('mainCategorySlug');
  const sub = query.get('subCategorySlug');
  const onSale = flag(query, 'onSale');
  const seasonal = flag(query, 'seasonal');
  return products.filter(
    (p) =>
      inCategory(p, main, sub) &&
      (!onSale || hasValidSpecialPrice(p.prices, now)) &&
      (!seasonal || p.isSeasonal) &&
      (!ordered || p.lastOrderedQuantity > 0),
  );
}

/** `GET /products/all` and `GET /products/ordered-products`. */
export function answerListing(
  query: Query,
  products: Product[],
  now: Date,
  ordered = false,
): ProductListResponse {
  return page(query, sorted(filtered(query, products, now, ordered), query.get('orderBy')));
}

function withBarcodes(product: Product): Product & { barcodes: string } {
  const barcodes = product.packSizes.flatMap((size) => (size.barcode ? [size.barcode] : [])).join(',');
  return { ...product, barcodes };
}

/** `GET /products/search`: the listing form and the simple form, as the server answers them. */
export function answerSearch(
  query: Query,
  products: Product[],
  now: Date,
): ProductListResponse | SimpleSearchResponse {
  const type = query.get('searchType');
  const text = (query.get('searchString') ?? '').trim();
  const folded = foldForSearch(text);
  const words = folded.split(/\s+/).filter(Boolean);
  const sku = (query.get('searchSku') ?? '').trim().toLowerCase();
  let found: Product[];
  switch (type) {
    case 'product-by-sku':
      found = products.filter((p) => p.sku.toLowerCase() === sku);
      break;
    case 'products-by-name-exact':
      found = products.filter((p) => foldForSearch(nameOf(p)) === folded);
      break;
    case 'products-by-name':
      found = products.filter((p) => foldForSearch(nameOf(p)).includes(folded));
      break;
    case 'products-by-barcode-exact':
      found = products.filter((p) => p.packSizes.some((size) => size.barcode === text));
      break;
    case 'products-by-barcode':
      found = products.filter((p) =>
        p.packSizes.some((size) => size.barcode?.toLowerCase().includes(text.toLowerCase())),
      );
      break;
    default: {
      // The name matches first (exact, then prefix), then the other matches, like the server.
      const rank = (p: Product) => {
        const name = foldForSearch(nameOf(p));
        return name === folded ? 0 : name.startsWith(folded) ? 1 : 2;
      };
      found = products
        .filter((p) => {
          const haystack = searchText(p);
          return words.every((word) => haystack.includes(word));
        })
        .map((p) => ({ p, r: rank(p) }))
        .sort((a, b) => a.r - b.r || a.p.id - b.p.id)
        .map(({ p }) => p);
    }
  }
  if (query.get('selectType') === 'simple') {
    const limited = found.slice(0, SIMPLE_SEARCH_LIMIT);
    return {
      data: {
        products: type?.startsWith('products-by-barcode') ? limited.map(withBarcodes) : limited,
      },
    };
  }
  const inFilter = filtered(query, found, now, false);
  return page(query, query.get('orderBy') ? sorted(inFilter, query.get('orderBy')) : inFilter);
}

/** `GET /categories/search`: the stored categories whose name contains the text (at most 20). */
export function answerCategorySearch(
  query: Query,
  tree: CategoryTreeResponse,
): { data: CategorySearchResult[] } {
  const folded = foldForSearch((query.get('searchString') ?? '').trim());
  const found: CategorySearchResult[] = [];
  for (const main of tree.data) {
    if (foldForSearch(main.name).includes(folded))
      found.push({ name: main.name, slug: main.slug, parent: null });
    for (const child of main.children) {
      if (foldForSearch(child.name).includes(folded)) {
        found.push({ name: child.name, slug: child.slug, parent: { name: main.name, slug: main.slug } });
      }
    }
  }
  return { data: found.slice(0, 20) };
}
