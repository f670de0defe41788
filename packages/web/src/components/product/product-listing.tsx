import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import NativeSelect from '@mui/material/NativeSelect';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Manufacturer, ProductListResponse, ProductsPerPage } from '@shop/shared/contracts/products';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../i18n/i18n';
import { useSearchParams } from 'react-router';
import { translateError, type QueryValue } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-client-context';
import { useCartQuantities } from '../../lib/cart-bindings';
import { useIsClient } from '../../lib/use-is-client';
import type { ListingSummary } from './all-products-view';
import { HydrateWhenNear } from '../hydrate-when-near';
import { IncrementalGrid } from './incremental-grid';
import { ProductBox } from './product-box';
import { useCacheProducts, useProductScope } from './product-scope';
import {
  parsePpp,
  PRODUCTS_PER_PAGE_OPTIONS,
  readListingParams,
  rememberPpp,
  withListingParams,
} from './listing-params';

/** The listing calls: products/all, products/ordered-products and the paged products/search. */
export type ListingEndpoint = '/products/all' | '/products/ordered-products' | '/products/search';

export type ListingFilter = Record<string, string | boolean | undefined>;

/** The "all" view (ppp 99999): its own chunk, loaded when chosen (issue 18). */
const AllProductsView = lazy(() =>
  Promise.all([import('./all-products-view'), loadMessages('catalog', 'feedback')]).then(
    ([module]) => module,
  ),
);
/** The page size that means "all". */
const ALL_PPP = 99999;

/** Manufacturers shown before "All (n)". */
const MANUFACTURERS_SHOWN = 12;

function ManufacturerFilter({
  manufacturers,
  selected,
  onChange,
}: {
  manufacturers: readonly Manufacturer[];
  selected: readonly string[];
  onChange: (slugs: string[]) => void;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  if (manufacturers.length === 0) return null;
  const isSelected = (manufacturer: Manufacturer) => selected.includes(manufacturer.slug);
  const shown =
    expanded || manufacturers.length <= MANUFACTURERS_SHOWN
      ? manufacturers
      : manufacturers.filter(
          (manufacturer, index) => index < MANUFACTURERS_SHOWN || isSelected(manufacturer),
        );
  const toggle = (manufacturer: Manufacturer) =>
    onChange(
      isSelected(manufacturer)
        ? selected.filter((slug) => slug !== manufacturer.slug)
        : [...selected, manufacturer.slug],
    );
  return (
    <Box
      role="group"
      aria-label={t('catalog.manufacturers')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
    >
      <Typography variant="body2" component="span" sx={{ fontWeight: 500, mr: 0.5 }}>
        {t('catalog.manufacturers')}:
      </Typography>
      {shown.map((manufacturer) => {
        const active = isSelected(manufacturer);
        return (
          <Chip
            key={manufacturer.slug}
            label={manufacturer.name}
            size="small"
            clickable
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => toggle(manufacturer)}
            sx={active ? undefined : { bgcolor: 'background.paper' }}
          />
        );
      })}
      {manufacturers.length > MANUFACTURERS_SHOWN && (
        <Button size="small" onClick={() => setExpanded((value) => !value)} aria-expanded={expanded}>
          {expanded
            ? t('catalog.fewerManufacturers')
            : t('catalog.moreManufacturers', { count: manufacturers.length })}
        </Button>
      )}
      {selected.length > 0 && (
        <Button size="small" onClick={() => onChange([])}>
          {t('catalog.clearManufacturers')}
        </Button>
      )}
    </Box>
  );
}

function Pager({
  page,
  pages,
  label,
  onChange,
}: {
  page: number;
  pages: number;
  label: string;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
      <Pagination
        page={Math.min(page, pages)}
        count={pages}
        color="primary"
        shape="rounded"
        siblingCount={1}
        boundaryCount={1}
        onChange={(_event, value) => onChange(value)}
        getItemAriaLabel={(type, itemPage) => {
          if (type === 'previous') return t('catalog.previousPage');
          if (type === 'next') return t('catalog.nextPage');
          if (type === 'first') return t('catalog.firstPage');
          if (type === 'last') return t('catalog.lastPage');
          return t('catalog.page', { page: itemPage ?? 0 });
        }}
      />
    </Box>
  );
}

function PerPageSelect({
  value,
  onChange,
}: {
  value: ProductsPerPage;
  onChange: (ppp: ProductsPerPage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="body2" component="span" aria-hidden>
        {t('catalog.perPage')}
      </Typography>
      <NativeSelect
        value={String(value)}
        onChange={(event) => {
          const ppp = parsePpp(event.target.value);
          if (ppp) onChange(ppp);
        }}
        inputProps={{ 'aria-label': t('catalog.perPage'), name: 'productsPerPage' }}
        sx={{ fontSize: '0.875rem' }}
      >
        {PRODUCTS_PER_PAGE_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option === 99999 ? t('catalog.perPageAll') : option}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}

export interface ProductListingProps {
  endpoint: ListingEndpoint;
  /** The route's filter (category slugs, onSale, seasonal, or the search string). */
  filter: ListingFilter;
}

/**
 * A paged product listing (docs/product.md §2): the page, the page size and the chosen manufacturers
 * live in the URL; the page size is remembered; manufacturers bar, pagination above and below the
 * grid, a spinner while loading and the no-product-found message.
 */
export function ProductListing({ endpoint, filter }: ProductListingProps) {
  const { t } = useTranslation();
  const api = useApiClient();
  const scope = useProductScope();
  const cartQuantities = useCartQuantities();
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, ppp, manufacturers } = readListingParams(searchParams);
  const allView = ppp === ALL_PPP;
  const isClient = useIsClient();

  const query: Record<string, QueryValue> = {
    ...filter,
    currentPage: page,
    productsPerPage: ppp,
    selectedManufacturers: manufacturers.length > 0 ? manufacturers.join(',') : undefined,
    caching: true,
  };
  const filterKey = [endpoint, filter, scope.language, scope.viewer] as const;
  const listing = useQuery({
    queryKey: ['products', ...filterKey, page, ppp, manufacturers],
    queryFn: ({ signal }) => api.get<ProductListResponse>(endpoint, { query, signal }),
    // "All" loads pages of 100 as the visitor scrolls (AllProductsView).
    enabled: !allView,
    // While another page of the same filter loads, the manufacturers and the pagination stay.
    placeholderData: (previous, previousQuery) =>
      previousQuery &&
      JSON.stringify(previousQuery.queryKey.slice(0, filterKey.length + 1)) ===
        JSON.stringify(['products', ...filterKey])
        ? previous
        : undefined,
  });
  const data = listing.data;
  const loading = listing.isPending || listing.isPlaceholderData;
  const products = !loading ? (data?.products ?? []) : [];
  useCacheProducts(listing.isPlaceholderData ? undefined : data?.products, scope);

  const count = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / ppp));

  const update = (changes: Parameters<typeof withListingParams>[1], preventScrollReset = false) =>
    setSearchParams((params) => withListingParams(params, changes), { preventScrollReset });
  const goToPage = (next: number) => update({ page: next, ppp });
  const changePpp = (next: ProductsPerPage) => {
    rememberPpp(next);
    update({ ppp: next, page: 1 });
  };
  const changeManufacturers = (next: string[]) => update({ manufacturers: next, page: 1 }, true);

  /** The count, the page-size select and the manufacturers bar. */
  const header = (summary: ListingSummary | undefined) => (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary" role="status">
          {summary ? t('catalog.count', { count: summary.count }) : ''}
        </Typography>
        <PerPageSelect value={ppp} onChange={changePpp} />
      </Box>
      {summary && (
        <ManufacturerFilter
          manufacturers={summary.manufacturers}
          selected={manufacturers}
          onChange={changeManufacturers}
        />
      )}
    </>
  );

  if (allView) {
    const waiting = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {header(undefined)}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('catalog.loading')} />
        </Box>
      </Box>
    );
    // The server (and the hydration of its markup) shows the waiting state: the view measures the
    // window, and its lazy chunk must not leave a suspended boundary in the static page.
    if (!isClient) return waiting;
    return (
      <Suspense fallback={waiting}>
        <AllProductsView
          endpoint={endpoint}
          filter={filter}
          manufacturers={manufacturers}
          renderHeader={header}
        />
      </Suspense>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {header(data ? { count, manufacturers: data.manufacturers ?? [] } : undefined)}
      <Pager page={page} pages={pages} label={t('catalog.paginationTop')} onChange={goToPage} />
      <ListingState
        loading={loading}
        failed={listing.isError}
        error={listing.error}
        empty={products.length === 0}
        onRetry={() => void listing.refetch()}
      >
        {/* A page of 50 or 100 renders its boxes step by step (IncrementalGrid). */}
        <IncrementalGrid
          items={products}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 250px), 1fr))',
          }}
          renderItem={(product, index) => (
            <ProductBox
              key={product.sku}
              product={product}
              cartQuantity={cartQuantities.get(product.sku)}
              eagerImage={index < 4}
            />
          )}
        />
      </ListingState>
      {!loading && products.length > 0 && (
        // Below the boxes: hydrated when it nears the viewport (issue 20); another page mounts it anew.
        <HydrateWhenNear key={page}>
          <Pager page={page} pages={pages} label={t('catalog.paginationBottom')} onChange={goToPage} />
        </HydrateWhenNear>
      )}
    </Box>
  );
}

interface ListingStateProps {
  loading: boolean;
  failed: boolean;
  error: unknown;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** A product listing's loading, load-error and empty states; the products (children) otherwise. */
export function ListingState({ loading, failed, error, empty, onRetry, children }: ListingStateProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('catalog.loading')} />
      </Box>
    );
  }
  if (failed) {
    return (
      <Alert
        severity="error"
        role="status"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('catalog.retry')}
          </Button>
        }
      >
        {t('catalog.loadError')} {translateError(t, error)}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Alert severity="info" role="status" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
        {t('catalog.empty')}
      </Alert>
    );
  }
  return children;
}
