import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import type { Manufacturer, ProductListResponse } from '@shop/shared/contracts/products';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { QueryValue } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-client-context';
import { useCartQuantities } from '../../lib/cart-bindings';
import { useIsClient } from '../../lib/use-is-client';
import { ProductBox } from './product-box';
import { useCacheProducts, useProductScope } from './product-scope';
import { ListingState, type ListingEndpoint, type ListingFilter } from './product-listing';

/**
 * The "all" view (productsPerPage 99999, docs/product.md §2; issue 18): the listing is loaded in
 * pages of 100 as the visitor scrolls (TanStack Query's infinite query, one cache entry per filter)
 * and shown in a grid virtualised by rows (@tanstack/react-virtual, scrolling with the window): only
 * the rows near the viewport are in the DOM, whatever the number of products loaded. The URL keeps
 * `ppp=99999`; going back to the page restores the scroll position: the loaded pages come from the
 * query cache and the measured row heights and column count of that history entry from memory, so
 * the page is as tall as when it was left before React Router's ScrollRestoration scrolls.
 */

export const ALL_PAGE_SIZE = 100;
/** The boxes' grid: `repeat(auto-fill, minmax(min(100%, 250px), 1fr))` with a 16 px gap. */
const BOX_MIN_WIDTH = 250;
const GAP = 16;
/** A row's height before it is measured (a product box with its price block). */
const ESTIMATED_ROW = 480;
/** Rows rendered beyond the viewport on each side. */
const OVERSCAN = 2;
/** The next page is asked for when the last rendered row is this close to the end. */
const PREFETCH_ROWS = 4;

export interface ListingSummary {
  count: number;
  manufacturers: readonly Manufacturer[];
}

export interface AllProductsViewProps {
  endpoint: ListingEndpoint;
  filter: ListingFilter;
  manufacturers: readonly string[];
  /** The listing's count, page-size select and manufacturer bar, from the first page. */
  renderHeader: (summary: ListingSummary | undefined) => ReactNode;
}

/** Boxes per row for a list `width` pixels wide (the auto-fill rule of the paged grid). */
export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GAP) / (BOX_MIN_WIDTH + GAP)));
}

interface SavedLayout {
  columns: number;
  measurements: VirtualItem[];
}

/** Per history entry (location.key): the layout the view had when it was left. */
const savedLayouts = new Map<string, SavedLayout>();
const MAX_SAVED_LAYOUTS = 20;

export default function AllProductsView({
  endpoint,
  filter,
  manufacturers,
  renderHeader,
}: AllProductsViewProps) {
  const api = useApiClient();
  const scope = useProductScope();
  const cartQuantities = useCartQuantities();
  const location = useLocation();
  const isClient = useIsClient();

  const listing = useInfiniteQuery({
    queryKey: ['products', endpoint, filter, scope.language, scope.viewer, 'all', manufacturers],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const query: Record<string, QueryValue> = {
        ...filter,
        currentPage: pageParam,
        productsPerPage: ALL_PAGE_SIZE,
        selectedManufacturers: manufacturers.length > 0 ? manufacturers.join(',') : undefined,
        caching: true,
      };
      return api.get<ProductListResponse>(endpoint, { query, signal });
    },
    getNextPageParam: (last, pages) =>
      pages.length * ALL_PAGE_SIZE < last.count && last.products.length > 0 ? pages.length + 1 : undefined,
  });
  const pages = listing.data?.pages;
  const first = pages?.[0];
  const products = pages?.flatMap((page) => page.products) ?? [];
  const lastPage = pages?.at(-1);
  useCacheProducts(lastPage?.products, scope);
  const summary = first ? { count: first.count, manufacturers: first.manufacturers ?? [] } : undefined;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {renderHeader(summary)}
      <ListingState
        loading={listing.isPending || !isClient}
        failed={listing.isError && products.length === 0}
        error={listing.error}
        empty={products.length === 0}
        onRetry={() => void listing.refetch()}
      >
        <VirtualRows
          layoutKey={location.key}
          count={first?.count ?? products.length}
          loadedCount={products.length}
          renderBox={(index) => {
            const product = products[index];
            return product ? (
              <ProductBox
                key={product.sku}
                product={product}
                cartQuantity={cartQuantities.get(product.sku)}
                eagerImage={index < 4}
              />
            ) : null;
          }}
          hasMore={listing.hasNextPage}
          loadingMore={listing.isFetchingNextPage}
          failed={listing.isFetchNextPageError ? listing.error : null}
          loadMore={() => void listing.fetchNextPage()}
        />
      </ListingState>
    </Box>
  );
}

interface VirtualRowsProps {
  layoutKey: string;
  count: number;
  loadedCount: number;
  renderBox: (index: number) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  failed: Error | null;
  loadMore: () => void;
}

function VirtualRows({
  layoutKey,
  count,
  loadedCount,
  renderBox,
  hasMore,
  loadingMore,
  failed,
  loadMore,
}: VirtualRowsProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  const [saved] = useState(() => savedLayouts.get(layoutKey));
  const [columns, setColumns] = useState(() => saved?.columns ?? columnsFor(initialWidth()));
  const [scrollMargin, setScrollMargin] = useState(0);
  const rows = Math.ceil(loadedCount / columns);

  const virtualizer = useWindowVirtualizer({
    count: rows,
    estimateSize: () => ESTIMATED_ROW,
    overscan: OVERSCAN,
    scrollMargin,
    gap: GAP,
    initialMeasurementsCache: saved && saved.columns === columns ? saved.measurements : [],
  });

  // The list's width (columns) and its place on the page (the header above it), kept up to date.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      setColumns(columnsFor(list.clientWidth));
      setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    if (list.parentElement) observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, []);

  const columnsRef = useRef(columns);
  useEffect(() => {
    columnsRef.current = columns;
  }, [columns]);
  // Leaving the page (or this history entry): remember the layout for the way back.
  useEffect(
    () => () => {
      if (savedLayouts.size >= MAX_SAVED_LAYOUTS) {
        const oldest = savedLayouts.keys().next().value;
        if (oldest !== undefined) savedLayouts.delete(oldest);
      }
      savedLayouts.set(layoutKey, {
        columns: columnsRef.current,
        measurements: virtualizer.measurementsCache,
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved once, when the view goes away
    [layoutKey],
  );

  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && !failed && lastRendered >= rows - PREFETCH_ROWS) loadMore();
  }, [hasMore, loadingMore, failed, lastRendered, rows, loadMore]);

  return (
    <>
      <Box
        ref={listRef}
        data-testid="all-products"
        aria-busy={loadingMore}
        sx={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}
      >
        {items.map((row) => (
          <Box
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              display: 'grid',
              gap: `${GAP}px`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
            style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
          >
            {Array.from({ length: columns }, (_, column) => renderBox(row.index * columns + column))}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('catalog.loadedOf', { shown: loadedCount, count })}
        </Typography>
        {loadingMore && <CircularProgress size={24} aria-label={t('catalog.loadingMore')} />}
        {failed && (
          <Button variant="outlined" onClick={loadMore} sx={{ bgcolor: 'background.paper' }}>
            {t('catalog.retry')}
          </Button>
        )}
      </Box>
    </>
  );
}

/** The list's width before it is measured: the window's, less the page's padding. */
function initialWidth(): number {
  return typeof window === 'undefined' ? 1200 : Math.max(0, window.innerWidth - 48);
}
