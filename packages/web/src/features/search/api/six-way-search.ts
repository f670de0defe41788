import type { CategorySearchResult } from '@shop/shared/contracts/categories';
import type { Product, SimpleSearchType } from '@shop/shared/contracts/products';
import { isAbortError, type ApiClient } from '../../../lib/api-client';
import { toastApi, toastStore, type ToastStore } from '../../../lib/toast-store';
import { createListeners } from '../../../lib/listeners';

/**
 * The six-way search (docs/product.md §§4 and 7): exact name, name, SKU, exact barcode, barcode and
 * categories, fired in parallel. A run sets `inProgress`, clears the old results and fires the six
 * requests; the flag is cleared when all finish or any fails. A new run (or cancel) aborts the
 * pending one with its AbortController. Every group that fails shows its own error toast.
 */
export const SEARCH_GROUPS = ['nameExact', 'name', 'sku', 'barcodeExact', 'barcode', 'categories'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];
export type ProductGroup = Exclude<SearchGroup, 'categories'>;

export const PRODUCT_SEARCH_TYPES: Record<ProductGroup, SimpleSearchType> = {
  nameExact: 'products-by-name-exact',
  name: 'products-by-name',
  sku: 'product-by-sku',
  barcodeExact: 'products-by-barcode-exact',
  barcode: 'products-by-barcode',
};

/** `GET /api/categories/search` answers `{ data: [...] }`. */
interface CategorySearchResponse {
  data?: CategorySearchResult[];
}

export type GroupState<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'done'; items: T[] } | { status: 'error' };

export interface SixWaySearchState {
  term: string;
  inProgress: boolean;
  products: Record<ProductGroup, GroupState<Product>>;
  categories: GroupState<CategorySearchResult>;
}

export interface SixWaySearch {
  subscribe(listener: () => void): () => void;
  getState(): SixWaySearchState;
  /** Aborts the pending run and starts a new one for the term. */
  run(term: string): void;
  /** Aborts the pending run. */
  cancel(): void;
}

function idleState(term = ''): SixWaySearchState {
  return {
    term,
    inProgress: false,
    products: {
      nameExact: { status: 'idle' },
      name: { status: 'idle' },
      sku: { status: 'idle' },
      barcodeExact: { status: 'idle' },
      barcode: { status: 'idle' },
    },
    categories: { status: 'idle' },
  };
}

/** Barcode results carry all pack barcodes joined with commas; products without any are left out. */
export function withBarcodes(products: readonly Product[]): Product[] {
  return products
    .map((product) => ({
      ...product,
      barcodes:
        product.barcodes ??
        product.packSizes
          .map((pack) => pack.barcode)
          .filter((barcode): barcode is string => Boolean(barcode))
          .join(','),
    }))
    .filter((product) => product.barcodes !== '');
}

export function createSixWaySearch(
  api: ApiClient,
  toasts: ToastStore = toastStore,
  /** A finished search to start from (a server-rendered result page, initial-search.tsx). */
  initial?: SixWaySearchState,
): SixWaySearch {
  const toast = toastApi(toasts);
  const { subscribe, emit } = createListeners();
  let state = initial ?? idleState();
  let controller: AbortController | null = null;

  const update = (change: (current: SixWaySearchState) => SixWaySearchState) => {
    state = change(state);
    emit();
  };

  function cancel() {
    controller?.abort();
    controller = null;
  }

  function run(term: string) {
    cancel();
    const own = new AbortController();
    controller = own;
    const { signal } = own;
    const loading = { status: 'loading' } as const;
    state = {
      term,
      inProgress: true,
      products: { nameExact: loading, name: loading, sku: loading, barcodeExact: loading, barcode: loading },
      categories: loading,
    };
    emit();

    const current = () => controller === own && !signal.aborted;
    const fail = (group: SearchGroup, error: unknown) => {
      if (!current() || isAbortError(error)) return;
      toast.error(`searchResults.errors.${group}`);
      update((s) =>
        group === 'categories'
          ? { ...s, categories: { status: 'error' } }
          : { ...s, products: { ...s.products, [group]: { status: 'error' } } },
      );
    };

    const productRequests = (Object.keys(PRODUCT_SEARCH_TYPES) as ProductGroup[]).map((group) => {
      const searchType = PRODUCT_SEARCH_TYPES[group];
      const query =
        group === 'sku'
          ? { selectType: 'simple', searchType, searchSku: term }
          : { selectType: 'simple', searchType, searchString: term };
      return api
        .get<{ data?: { products?: Product[] } }>('/products/search', {
          query,
          signal,
          navigationScoped: false,
        })
        .then(
          (answer) => {
            if (!current()) return;
            const found = answer?.data?.products ?? [];
            const items = group === 'barcode' || group === 'barcodeExact' ? withBarcodes(found) : found;
            update((s) => ({ ...s, products: { ...s.products, [group]: { status: 'done', items } } }));
          },
          (error: unknown) => {
            fail(group, error);
            throw error;
          },
        );
    });
    const categoryRequest = api
      .get<CategorySearchResponse>('/categories/search', {
        query: { searchString: term },
        signal,
        navigationScoped: false,
      })
      .then(
        (answer) => {
          if (!current()) return;
          update((s) => ({ ...s, categories: { status: 'done', items: answer?.data ?? [] } }));
        },
        (error: unknown) => {
          fail('categories', error);
          throw error;
        },
      );

    // The flag is cleared when all finish or any fails.
    const finish = () => {
      if (current()) update((s) => ({ ...s, inProgress: false }));
    };
    Promise.all([...productRequests, categoryRequest]).then(finish, finish);
  }

  return {
    subscribe,
    getState: () => state,
    run,
    cancel() {
      cancel();
      if (state.inProgress) update((s) => ({ ...s, inProgress: false }));
    },
  };
}
