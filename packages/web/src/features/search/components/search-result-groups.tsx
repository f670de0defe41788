import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CategorySearchResult } from '@shop/shared/contracts/categories';
import type { Product } from '@shop/shared/contracts/products';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { StockChip } from '../../../components/product/product-badges';
import { ProductImage } from '../../../components/product/product-box';
import { defaultQuantity, productName } from '../../../components/product/product-helpers';
import { PriceDisplay } from '../../../components/product/price-display';
import { LoginForPrices } from '../../../components/product/product-purchase';
import {
  productDialogSearch,
  useCacheProducts,
  useProductScope,
  type ProductDialogState,
} from '../../../components/product/product-scope';
import { useAuth } from '../../../lib/auth-store';
import { PRODUCT_SEARCH_TYPES, type GroupState, type ProductGroup } from '../api/six-way-search';
import { useSixWaySearch } from '../hooks/use-six-way-search';

function categoryPath(category: CategorySearchResult): string {
  return category.parent
    ? `/category/${encodeURIComponent(category.parent.slug)}/${encodeURIComponent(category.slug)}`
    : `/category/${encodeURIComponent(category.slug)}`;
}

/** The first result rows are on screen at once: their pictures load eagerly, as the listing's first four boxes. */
const EAGER_ROWS = 4;

function ProductRow({
  product,
  showBarcodes,
  eager,
}: {
  product: Product;
  showBarcodes: boolean;
  eager: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const auth = useAuth();
  const state: ProductDialogState = { productDialog: true };
  return (
    <Box
      component="li"
      data-sku={product.sku}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '56px minmax(0, 1fr)', sm: '56px minmax(0, 1fr) auto' },
        gap: 1.5,
        alignItems: 'center',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <ProductImage product={product} size={56} eager={eager} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={{ pathname: location.pathname, search: productDialogSearch(location.search, product.sku) }}
          state={state}
          preventScrollReset
          underline="hover"
          sx={{ fontWeight: 500 }}
        >
          {productName(product)}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {t('product.sku')}: {product.sku}
          {product.manufacturer ? ` · ${product.manufacturer.name}` : ''}
        </Typography>
        {showBarcodes && product.barcodes && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('searchResults.barcodes', { barcodes: product.barcodes.split(',').join(', ') })}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          gridColumn: { xs: '2', sm: 'auto' },
          display: 'flex',
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: { xs: 'center', sm: 'flex-end' },
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <StockChip status={product.stockStatus} />
        {auth && product.prices.length > 0 && (
          <Box sx={{ textAlign: { sm: 'right' } }}>
            <PriceDisplay product={product} quantity={defaultQuantity(product)} compact />
          </Box>
        )}
      </Box>
    </Box>
  );
}

function GroupSection<T>({
  title,
  state,
  render,
}: {
  title: string;
  state: GroupState<T>;
  render: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  if (state.status === 'idle') return null;
  if (state.status === 'done' && state.items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {title}
        {state.status === 'done' ? ` (${state.items.length})` : ''}
      </Typography>
      {state.status === 'loading' && (
        <CircularProgress size={20} aria-label={t('searchResults.inProgress')} />
      )}
      {state.status === 'error' && (
        <Typography variant="body2" sx={{ color: '#B71C1C' }}>
          {t('searchResults.groupFailed')}
        </Typography>
      )}
      {state.status === 'done' && render(state.items)}
    </Box>
  );
}

const PRODUCT_GROUPS = Object.keys(PRODUCT_SEARCH_TYPES) as ProductGroup[];

/** The six result groups of a text search. */
export function SearchResultGroups({ term }: { term: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const scope = useProductScope();
  const state = useSixWaySearch(term, scope);
  const fresh = state.term === term;
  const groups = state.products;
  const allProducts = fresh
    ? PRODUCT_GROUPS.flatMap((group) => {
        const group_ = groups[group];
        return group_.status === 'done' ? group_.items : [];
      })
    : undefined;
  useCacheProducts(allProducts, scope);

  const settled = [...PRODUCT_GROUPS.map((group) => groups[group]), state.categories].every(
    (group) => group.status === 'done',
  );
  const nothing =
    fresh &&
    settled &&
    PRODUCT_GROUPS.every((group) => {
      const group_ = groups[group];
      return group_.status === 'done' && group_.items.length === 0;
    }) &&
    state.categories.status === 'done' &&
    state.categories.items.length === 0;

  // The progress bar keeps its place (and height) when it goes: nothing under it moves up.
  const progress = (
    <Box sx={{ height: 4, mb: 2 }}>
      {(!fresh || state.inProgress) && <LinearProgress aria-label={t('searchResults.inProgress')} />}
    </Box>
  );
  if (!fresh) return progress;
  // The groups show in their order, each once the ones above it have their answer: a group that
  // grows from its loading line to its results then has nothing under it to push down (Lighthouse
  // measured CLS 0.61 when the later groups were already on screen).
  const firstPending = [...PRODUCT_GROUPS.map((group) => groups[group]), state.categories].findIndex(
    (group) => group.status !== 'done' && group.status !== 'error',
  );
  const visible = (index: number) => !state.inProgress || firstPending === -1 || index <= firstPending;
  // The rows above each group's first (a group shows its rows once answered): the first EAGER_ROWS
  // rows of the page, whichever groups they are in, load their pictures at once.
  const rowsAbove = new Map<ProductGroup, number>();
  let rows = 0;
  for (const group of PRODUCT_GROUPS) {
    rowsAbove.set(group, rows);
    const group_ = groups[group];
    if (group_.status === 'done') rows += group_.items.length;
  }
  return (
    <Box>
      {progress}
      {!auth && (
        <Box sx={{ mb: 2 }}>
          <LoginForPrices />
        </Box>
      )}
      {nothing && (
        <Alert severity="info" role="status" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
          {t('searchResults.nothingFound')}
        </Alert>
      )}
      {PRODUCT_GROUPS.filter((_, index) => visible(index)).map((group) => (
        <GroupSection
          key={group}
          title={t(`searchResults.groups.${group}`)}
          state={groups[group]}
          render={(items) => (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((product, index) => (
                <ProductRow
                  key={product.sku}
                  product={product}
                  showBarcodes={group === 'barcode' || group === 'barcodeExact'}
                  eager={(rowsAbove.get(group) ?? 0) + index < EAGER_ROWS}
                />
              ))}
            </Box>
          )}
        />
      ))}
      {visible(PRODUCT_GROUPS.length) && (
        <GroupSection
          title={t('searchResults.groups.categories')}
          state={state.categories}
          render={(items) => (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((category) => (
                <Box component="li" key={`${category.parent?.slug ?? ''}/${category.slug}`} sx={{ py: 0.5 }}>
                  <Link component={RouterLink} to={categoryPath(category)}>
                    {category.parent ? `${category.parent.name} › ${category.name}` : category.name}
                  </Link>
                </Box>
              ))}
            </Box>
          )}
        />
      )}
    </Box>
  );
}
